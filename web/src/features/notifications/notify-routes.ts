import type { RouteObject } from 'react-router';

/** Notifications, alerts, notes, appointments (core-platform spec §2) and insurance, each in its own chunk. */
export const NOTIFY_ROUTES: RouteObject[] = [
  {
    path: 'notifications',
    lazy: async () => ({
      Component: (await import('@/features/notifications/notifications-page')).NotificationsPage,
    }),
  },
  {
    path: 'alerts',
    lazy: async () => ({ Component: (await import('@/features/notifications/alerts-page')).AlertsPage }),
  },
  {
    path: 'notes',
    lazy: async () => ({ Component: (await import('@/features/notes/notes-page')).NotesPage }),
  },
  {
    path: 'appointments',
    lazy: async () => ({
      Component: (await import('@/features/appointments/appointments-page')).AppointmentsPage,
    }),
  },
  {
    path: 'insurance',
    lazy: async () => ({
      Component: (await import('@/features/insurance/insurance-page')).InsurancePage,
    }),
  },
];
