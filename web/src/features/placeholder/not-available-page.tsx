import { useLocation } from 'react-router';
import { screenFor, screenTitle } from '@/features/shell/screens';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { NotAvailable } from './not-available';

export function NotAvailablePage() {
  const { pathname } = useLocation();
  const { diabetes } = useDashboardContext();
  const screen = screenFor(pathname, diabetes);
  const title = screen ? screenTitle(screen, diabetes) : 'This screen';
  return <NotAvailable what={title} backTo="/dashboard" backLabel="Back to Home" />;
}
