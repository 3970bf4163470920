import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { brandFor } from '@/features/shell/brand';
import { DemoAlerts } from './demo-alerts';

// A visitor has no profile: show times in the browser's own zone.
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** /dashboard/alerts signed out (spec §2): the built-in samples under the demo banner, no redirect. */
export function PublicAlertsPage() {
  const brand = brandFor(false);
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-3xl items-center gap-4 px-4">
          <Link to="/" className="mr-auto flex flex-col rounded-md leading-tight">
            <span className="text-lg font-bold text-primary">{brand.title}</span>
            <span className="text-xs text-muted-foreground">{brand.subtitle}</span>
          </Link>
          <Button asChild>
            <Link to="/auth">Sign in</Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6">
        <h1 className="text-2xl font-semibold tracking-tight">Alerts</h1>
        <DemoAlerts timeZone={browserTimeZone()} />
      </main>
    </div>
  );
}
