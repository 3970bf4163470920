import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { type ActingView, actAs } from './household-shell';
import { PersonAvatar } from './person-avatar';

const load = () => import('./person-switcher-menu');
const PersonSwitcherMenu = lazy(() => load().then((m) => ({ default: m.PersonSwitcherMenu })));

/** The switcher's button: whose record is on show, always visible. */
export function PersonButton({
  view,
  compact,
  ...props
}: { view: ActingView; compact?: boolean } & ComponentProps<typeof Button>) {
  const { person } = view;
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`${person.displayName}: switch person`}
      aria-haspopup="menu"
      title={person.displayName}
      // On a phone the name wraps to a second line before it is cut (with an ellipsis): the whole of it
      // is the button's title and accessible name.
      className={cn('gap-2 px-2', compact && 'h-auto min-h-9 max-w-[45vw] min-w-19 shrink py-1')}
      {...props}
    >
      <PersonAvatar initials={person.initials} ward={view.ward} />
      <span
        className={cn(
          compact ? 'line-clamp-2 min-w-0 text-left leading-tight break-words whitespace-normal' : 'truncate',
        )}
      >
        {person.displayName}
      </span>
      <ChevronDown aria-hidden="true" className="shrink-0" />
    </Button>
  );
}

/**
 * The person switcher in the header (households): the person on show, and a menu of everyone the
 * account may act for. Hidden for an account without wards. Like the account menu, the menu's code
 * (Radix) loads when the button is first hovered, focused or pressed.
 */
export function PersonSwitcher({ view, compact }: { view: ActingView | null; compact?: boolean }) {
  const [active, setActive] = useState(false);
  if (!view || view.people.length < 2) return null;
  const button = (
    <PersonButton
      view={view}
      compact={compact}
      aria-expanded={false}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => setActive(true)}
    />
  );
  if (!active) return button;
  return (
    <Suspense fallback={button}>
      <PersonSwitcherMenu view={view} compact={compact} />
    </Suspense>
  );
}

/**
 * The band across the top of every screen while acting for someone else: a colour no other part of
 * the app uses, and the words, so it does not rest on colour alone.
 */
export function ActingBand({ view }: { view: ActingView | null }) {
  const client = useQueryClient();
  if (!view?.ward) return null;
  return (
    <section aria-label="Whose record is shown" className="bg-acting text-acting-foreground">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1.5 text-sm sm:px-6">
        <p className="font-medium">Acting for {view.person.displayName}</p>
        <button
          type="button"
          className="rounded-sm underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
          onClick={() => actAs(client, null)}
        >
          Back to your own record
        </button>
      </div>
    </section>
  );
}
