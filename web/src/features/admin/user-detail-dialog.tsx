import { ROLE_LABELS } from '@healthfolio/core/admin/admin-words';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { useAdminUser } from './admin-api';
import { formatCount, formatDateTime } from './admin-format';
import { ROLE_BADGE, STATUS_LABEL } from './admin-labels';
import { trackerLabel } from './analytics-labels';
import { DeleteUserAction } from './delete-user-action';

/** An account as an operator needs it: who, role, sign-ins and how much it holds — never its health values. */
export function UserDetailDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { timezone } = useDashboardContext().profile;
  const user = useAdminUser(userId);
  const u = user.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{u?.displayName ?? 'User details'}</DialogTitle>
          <DialogDescription>
            Account, role and activity. Health values are never shown here.
          </DialogDescription>
        </DialogHeader>
        {user.isPending ? (
          <PageSpinner label="Loading the user" />
        ) : user.isLoadingError ? (
          <ErrorState
            message={errorMessage(user.error, 'Failed to load users')}
            onRetry={() => user.refetch()}
          />
        ) : (
          u && (
            <>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                <dt className="text-muted-foreground">User id</dt>
                <dd className="font-mono text-xs break-all">{u.userId}</dd>
                <dt className="text-muted-foreground">Email</dt>
                <dd>
                  {u.email} {u.emailVerified ? '(confirmed)' : '(not confirmed)'}
                </dd>
                <dt className="text-muted-foreground">Role</dt>
                <dd>
                  <Badge variant={ROLE_BADGE[u.role]}>{ROLE_LABELS[u.role]}</Badge>
                </dd>
                <dt className="text-muted-foreground">Status</dt>
                <dd>{STATUS_LABEL[u.status]}</dd>
                <dt className="text-muted-foreground">Platform</dt>
                <dd>
                  {u.userType === 'diabetes_focused'
                    ? 'Diabetes-Focused'
                    : u.userType
                      ? 'Complete Health'
                      : 'Not chosen'}
                </dd>
                <dt className="text-muted-foreground">Joined</dt>
                <dd>{formatDateTime(u.createdAt, timezone)}</dd>
                <dt className="text-muted-foreground">Two-factor</dt>
                <dd>{u.twoFactorEnabled ? 'On' : 'Off'}</dd>
                <dt className="text-muted-foreground">Sign-ins</dt>
                <dd>
                  {formatCount(u.signIns.count)}
                  {u.signIns.last && `, last ${formatDateTime(u.signIns.last, timezone)}`}
                </dd>
                <dt className="text-muted-foreground">Active sessions</dt>
                <dd>{formatCount(u.activeSessions)}</dd>
                <dt className="text-muted-foreground">Entries</dt>
                <dd>
                  {u.entryCounts.length === 0
                    ? 'None'
                    : u.entryCounts.map((e) => `${trackerLabel(e)}: ${formatCount(e.count)}`).join(', ')}
                </dd>
                <dt className="text-muted-foreground">Glucose readings</dt>
                <dd>{formatCount(u.glucoseReadings)}</dd>
                <dt className="text-muted-foreground">Notifications</dt>
                <dd>{formatCount(u.notifications)}</dd>
                <dt className="text-muted-foreground">Appointments</dt>
                <dd>{formatCount(u.appointments)}</dd>
              </dl>
              <DeleteUserAction userId={u.userId} name={u.displayName} onDeleted={onClose} />
            </>
          )
        )}
      </DialogContent>
    </Dialog>
  );
}
