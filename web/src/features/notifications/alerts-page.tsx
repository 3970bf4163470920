import { AlertsView } from './alerts-view';

/** /dashboard/alerts for a signed-in user; a signed-out visitor gets `PublicAlertsPage` instead. */
export function AlertsPage() {
  return <AlertsView />;
}
