import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';

type Props = {
  to: string;
  children: ReactNode;
  variant?: 'default' | 'outline' | 'secondary';
  className?: string;
  /** A secondary action that would only repeat "Go to Dashboard" beside another one. */
  hideWhenSignedIn?: boolean;
};

/** A call to action: for a signed-in visitor every one of them is "Go to Dashboard" (spec §2). */
export function CtaLink({ to, children, variant = 'default', className, hideWhenSignedIn }: Props) {
  const session = useSession();
  const signedIn = Boolean(session.data);
  if (signedIn && hideWhenSignedIn) return null;
  return (
    <Button asChild size="lg" variant={variant} className={className}>
      <Link to={signedIn ? '/dashboard' : to}>{signedIn ? 'Go to Dashboard' : children}</Link>
    </Button>
  );
}
