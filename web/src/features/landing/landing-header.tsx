import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';

export function LandingHeader() {
  const session = useSession();
  return (
    <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-6">
        <Link to="/" className="mr-auto flex flex-col rounded-md leading-tight">
          <span className="text-lg font-bold text-primary">Healthfolio</span>
          <span className="text-xs text-muted-foreground">Personal Health Hub</span>
        </Link>
        <nav aria-label="Account">
          {session.data ? (
            <Button asChild>
              <Link to="/dashboard">Go to Dashboard</Link>
            </Button>
          ) : (
            <ul className="flex items-center gap-2">
              <li>
                <Button asChild variant="ghost">
                  <Link to="/auth">Sign In</Link>
                </Button>
              </li>
              <li>
                <Button asChild>
                  <Link to="/auth?tab=signup">Sign Up</Link>
                </Button>
              </li>
            </ul>
          )}
        </nav>
      </div>
    </header>
  );
}
