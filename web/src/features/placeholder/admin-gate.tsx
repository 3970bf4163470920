import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useRoles } from '@/lib/session';
import { NotAvailable } from './not-available';

/** Non-admins are sent to / (spec §2); a spinner shows while the role loads. */
export function AdminGate() {
  const roles = useRoles();
  if (roles.isPending) return <PageSpinner label="Checking your access" />;
  if (!roles.data?.isAdmin) return <Navigate to="/" replace />;
  return <NotAvailable what="The admin console" backTo="/dashboard" backLabel="Back to Home" />;
}
