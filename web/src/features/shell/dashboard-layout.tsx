import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { possessive, useActingPerson } from '@/features/household/household-shell';
import { useLiveNotifications } from '@/features/notifications/use-live-notifications';
import { useOnline, useServerUnreachable } from '@/features/offline/online-status';
import { errorMessage } from '@/lib/api';
import { useMaintenanceMessage } from '@/lib/maintenance';
import { signedOutDestination, useProfile, useRoles, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useIsMobile } from '@/lib/use-is-mobile';
import { DashboardSkeleton } from './dashboard-skeleton';
import { DesktopLayout } from './desktop-layout';
import { MaintenanceScreen } from './maintenance-screen';
import { MobileLayout } from './mobile-layout';
import { screenFor, screenTitle } from './screens';
import type { DashboardContext } from './use-dashboard-context';

const PublicAlertsPage = lazy(async () => ({
  default: (await import('@/features/notifications/public-alerts-page')).PublicAlertsPage,
}));

/** Everything under /dashboard: needs a session, then picks the phone or desktop chrome. */
export function DashboardLayout() {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const profile = useProfile(signedIn);
  const roles = useRoles(signedIn);
  const acting = useActingPerson(signedIn);
  useLiveNotifications(signedIn, acting.view);
  const isMobile = useIsMobile();
  const online = useOnline();
  const serverDown = useServerUnreachable();
  const { pathname } = useLocation();
  const diabetes = profile.data?.userType === 'diabetes_focused';
  const screen = screenFor(pathname, diabetes);
  const plainTitle = screen ? screenTitle(screen, diabetes) : '';
  // Acting for a ward, every screen of theirs says whose it is ("Mia’s Blood Glucose").
  const title =
    acting.view?.ward && plainTitle && screen?.personal !== false
      ? `${possessive(acting.view.person.displayName)} ${plainTitle}`
      : plainTitle;
  useDocumentTitle(screen?.exactDocumentTitle ?? title, Boolean(screen?.exactDocumentTitle));
  const maintenance = useMaintenanceMessage();

  // Admins keep working during maintenance; everyone else gets the admin's message (the API said so).
  if (maintenance && !roles.data?.isAdmin) return <MaintenanceScreen message={maintenance} />;

  // Offline the session check waits for the connection (the banner above says why).
  if (session.isPending && !online)
    return (
      <main className="flex min-h-screen items-center">
        <ErrorState
          title={serverDown ? 'The server is not answering' : 'You are offline'}
          message={`Nothing of your account is saved on this device yet. It opens once ${serverDown ? 'the server answers again' : 'you are back online'}.`}
        />
      </main>
    );
  if (session.isPending) return <DashboardSkeleton label="Checking your session" />;
  // A check that failed once the page was open (a background refetch) keeps the page and what is being
  // typed in it: the banner says when the server is out of reach, and the next check tries again.
  if (session.isLoadingError) {
    return (
      <main className="flex min-h-screen items-center">
        <ErrorState
          title="Could not check your session"
          message={errorMessage(session.error, 'The server did not answer.')}
          onRetry={() => session.refetch()}
        />
      </main>
    );
  }
  if (!session.data) {
    // Spec §2: the alerts page shows its built-in samples to a signed-out visitor instead of sign-in.
    if (screen?.path === 'alerts')
      return (
        <Suspense fallback={<PageSpinner />}>
          <PublicAlertsPage />
        </Suspense>
      );
    return <Navigate to={signedOutDestination()} replace />;
  }
  // Acting for someone, the household says who they are: without it nothing of theirs is shown.
  if (profile.isLoadingError || acting.failed) {
    const failed = profile.isLoadingError ? profile : acting.household;
    return (
      <main className="flex min-h-screen items-center">
        <ErrorState
          title="Could not load your profile"
          message={errorMessage(failed.error, 'The server did not answer.')}
          onRetry={() => failed.refetch()}
        />
      </main>
    );
  }
  if (profile.isPending || roles.isPending || acting.waiting)
    return <DashboardSkeleton label="Loading your profile" />;

  const context: DashboardContext = {
    user: session.data.user,
    profile: profile.data,
    roles: roles.data ?? { roles: [], isAdmin: false, isModerator: false },
    diabetes,
    acting: acting.view,
  };
  const Layout = isMobile ? MobileLayout : DesktopLayout;
  return <Layout context={context} title={title} parent={screen?.parent} />;
}
