import { Navigate } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { TwoFactorRequired } from '@/features/settings/two-factor-required';
import { useSecondFactorStatus } from '@/features/settings/use-second-factor';
import { errorMessage } from '@/lib/api';
import { useRoles } from '@/lib/session';
import { NotAvailable } from './not-available';

/**
 * Non-admins are sent to / (spec §2); a spinner shows while the role loads. An admin without a
 * second factor is asked to set one up before any admin screen opens.
 */
export function AdminGate() {
  const roles = useRoles();
  const isAdmin = roles.data?.isAdmin ?? false;
  const factor = useSecondFactorStatus(isAdmin);
  if (roles.isPending) return <PageSpinner label="Checking your access" />;
  if (!isAdmin) return <Navigate to="/" replace />;
  if (factor.isPending) return <PageSpinner label="Checking your sign-in security" />;
  if (factor.isError)
    return (
      <ErrorState
        title="Could not check your sign-in security"
        message={errorMessage(factor.error, '')}
        onRetry={() => factor.refetch()}
      />
    );
  if (!factor.data.enabled) return <TwoFactorRequired />;
  return <NotAvailable what="The admin console" backTo="/dashboard" backLabel="Back to Home" />;
}
