import { lazy, Suspense, useEffect } from 'react';
import { Link, Outlet, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { showToastAfterReload } from '@/lib/toast-after-reload';

// Not in the first load: the banner matters only once the connection drops, and loads before that.
const OfflineBanner = lazy(async () => ({
  default: (await import('@/features/offline/offline-banner')).OfflineBanner,
}));

export function RootLayout() {
  useEffect(showToastAfterReload, []);
  return (
    <>
      <Suspense fallback={null}>
        <OfflineBanner />
      </Suspense>
      <Outlet />
    </>
  );
}

/** Shown when a screen's code cannot load (for example after a deploy) or a render throws. */
export function RootErrorBoundary() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-muted-foreground">This page could not be shown. Reloading usually fixes it.</p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" asChild>
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    </main>
  );
}
