import { UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

const load = () => import('./account-menu-dropdown');
const AccountMenuDropdown = lazy(() => load().then((m) => ({ default: m.AccountMenuDropdown })));

/**
 * The account menu's button. The menu (Radix dropdown and its positioning code) is fetched when the
 * button is first hovered, focused or pressed, keeping it out of every dashboard route's first load;
 * after that the real menu takes over, opened.
 */
export function AccountMenu({ email, displayName }: { email: string; displayName: string }) {
  const [active, setActive] = useState(false);
  const button = (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Account menu"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => setActive(true)}
    >
      <UserRound aria-hidden="true" />
    </Button>
  );
  if (!active) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenuDropdown email={email} displayName={displayName} />
    </Suspense>
  );
}
