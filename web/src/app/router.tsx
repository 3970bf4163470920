import { type RouteObject, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { DIABETES_ROUTES } from '@/features/diabetes/diabetes-routes';
import { HEALTH_SUMMARY_ROUTES } from '@/features/health-summary/health-summary-routes';
import { HEALTH_SYSTEMS_ROUTES } from '@/features/health-systems/health-systems-routes';
import { LAB_ROUTES } from '@/features/labs/lab-routes';
import { NOTIFY_ROUTES } from '@/features/notifications/notify-routes';
import { SHARING_ROUTES } from '@/features/sharing/sharing-routes';
import { DashboardSkeleton } from '@/features/shell/dashboard-skeleton';
import { TRACKING_ROUTES } from '@/features/trackers/tracking-routes';
import { RootErrorBoundary, RootLayout } from './root-layout';

/** Documents & Medical Records (issue 14), its own chunk. */
const DOCUMENTS_ROUTE: RouteObject = {
  path: 'documents',
  lazy: async () => ({ Component: (await import('@/features/documents/documents-page')).DocumentsPage }),
};

/** While the first screen's code loads: the dashboard's frame (as the server sent it), else a spinner. */
function RouteFallback() {
  return useLocation().pathname.startsWith('/dashboard') ? <DashboardSkeleton /> : <PageSpinner />;
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: RouteFallback,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        path: '/',
        lazy: async () => ({ Component: (await import('@/features/landing/landing-page')).LandingPage }),
      },
      {
        path: '/auth',
        lazy: async () => ({ Component: (await import('@/features/auth/auth-page')).AuthPage }),
      },
      {
        path: '/auth/reset-password',
        lazy: async () => ({
          Component: (await import('@/features/auth/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        path: '/shared/:token',
        lazy: async () => ({
          Component: (await import('@/features/shared-view/shared-view-page')).SharedViewPage,
        }),
      },
      {
        // A household invitation's email link (issue 32): accept, or take over one's own record.
        path: '/household/invitations/:token',
        lazy: async () => ({
          Component: (await import('@/features/household/invitation-page')).InvitationPage,
        }),
      },
      {
        // SMART Health Link viewer: the link is in the fragment (#shlink:/…), never sent to a server.
        path: '/shl',
        lazy: async () => ({
          Component: (await import('@/features/shl-viewer/shl-viewer-page')).ShlViewerPage,
        }),
      },
      {
        path: '/dashboard',
        lazy: async () => ({
          Component: (await import('@/features/shell/dashboard-layout')).DashboardLayout,
        }),
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('@/features/dashboard/home-page')).HomePage,
            }),
          },
          {
            path: 'settings',
            lazy: async () => ({
              Component: (await import('@/features/settings/settings-page')).SettingsPage,
            }),
          },
          {
            path: 'admin-console',
            lazy: async () => ({
              Component: (await import('@/features/admin/admin-console-page')).AdminConsolePage,
            }),
          },
          {
            path: 'ai-analysis',
            lazy: async () => ({
              Component: (await import('@/features/ai/ai-analysis-page')).AiAnalysisPage,
            }),
          },
          ...TRACKING_ROUTES,
          ...DIABETES_ROUTES,
          ...LAB_ROUTES,
          ...HEALTH_SUMMARY_ROUTES,
          ...HEALTH_SYSTEMS_ROUTES,
          ...NOTIFY_ROUTES,
          ...SHARING_ROUTES,
          DOCUMENTS_ROUTE,
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('@/features/not-found/not-found-page')).NotFoundPage }),
      },
    ],
  },
];
