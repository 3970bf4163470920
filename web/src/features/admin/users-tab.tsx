import type { Role, UserStatus } from '@healthfolio/core';
import { ROLE_LABELS } from '@healthfolio/core/admin/admin-words';
import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { PageSpinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { useAdminUsers, useAssignRole, useSetUserStatus } from './admin-api';
import { ROLE_BADGE, STATUS_LABEL } from './admin-labels';
import { UserDetailDialog } from './user-detail-dialog';

export function UsersTab() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const search = useDeferredValue(q);
  const users = useAdminUsers(search, status);
  const me = useDashboardContext().user.id;
  const assign = useAssignRole();
  const setUserStatus = useSetUserStatus();
  const [detail, setDetail] = useState<string | null>(null);

  const changeRole = (userId: string, role: Role) =>
    assign.mutate(
      { userId, role },
      {
        onSuccess: () =>
          toast.success('Role updated', {
            description: `User role has been changed to ${ROLE_LABELS[role]}`,
          }),
        onError: (e) => toast.error('Failed to update user role', { description: errorMessage(e, '') }),
      },
    );
  const changeStatus = (userId: string, next: 'active' | 'disabled', name: string) =>
    setUserStatus.mutate(
      { userId, status: next },
      {
        onSuccess: () => toast.success(next === 'disabled' ? `${name} is disabled` : `${name} can sign in`),
        onError: (e) => toast.error('Failed to update the user', { description: errorMessage(e, '') }),
      },
    );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search className="absolute top-3 left-3 size-4 text-muted-foreground" aria-hidden="true" />
          <Input
            aria-label="Search users by name or id"
            placeholder="Search by display name or user id"
            className="pl-9"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <Select
          aria-label="Status"
          className="sm:w-56"
          value={status}
          onChange={(e) => setStatus(e.target.value as UserStatus | '')}
        >
          <option value="">All statuses</option>
          {Object.entries(STATUS_LABEL).map(([value, label]) => (
            <option key={value} value={value}>
              {value === 'pending_approval' ? 'Approval queue' : label}
            </option>
          ))}
        </Select>
      </div>
      {users.isPending ? (
        <PageSpinner label="Loading users" />
      ) : users.isLoadingError ? (
        <ErrorState
          title="Failed to load users"
          message={errorMessage(users.error, '')}
          onRetry={() => users.refetch()}
        />
      ) : users.data.items.length === 0 ? (
        <p className="p-6 text-center text-muted-foreground">No users found matching your criteria</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border bg-card" aria-label="Users">
          {users.data.items.map((u) => (
            <li key={u.userId} className="flex flex-col gap-2 p-3 md:flex-row md:items-center md:gap-4">
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{u.displayName}</span>
                <span className="font-mono text-xs text-muted-foreground">{u.userId.slice(0, 8)}</span>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={ROLE_BADGE[u.role]}>{ROLE_LABELS[u.role]}</Badge>
                <Badge variant={u.status === 'active' ? 'outline' : 'secondary'}>
                  {STATUS_LABEL[u.status]}
                </Badge>
                <Select
                  aria-label={`Role of ${u.displayName}`}
                  className="h-9 w-36"
                  value={u.role}
                  disabled={assign.isPending}
                  onChange={(e) => changeRole(u.userId, e.target.value as Role)}
                >
                  {Object.entries(ROLE_LABELS).map(([r, label]) => (
                    <option key={r} value={r}>
                      {label}
                    </option>
                  ))}
                </Select>
                <Button size="sm" variant="outline" onClick={() => setDetail(u.userId)}>
                  Details<span className="sr-only"> of {u.displayName}</span>
                </Button>
                {u.status === 'disabled' || u.status === 'pending_approval' ? (
                  <Button size="sm" onClick={() => changeStatus(u.userId, 'active', u.displayName)}>
                    {u.status === 'pending_approval' ? 'Approve' : 'Enable'}
                    <span className="sr-only"> {u.displayName}</span>
                  </Button>
                ) : u.userId === me ? (
                  // The server refuses to disable one's own account, so it is not offered.
                  <span className="text-xs text-muted-foreground">Your account</span>
                ) : (
                  <Button
                    size="sm"
                    variant="destructive"
                    onClick={() => changeStatus(u.userId, 'disabled', u.displayName)}
                  >
                    Disable<span className="sr-only"> {u.displayName}</span>
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {users.data && users.data.total > users.data.items.length && (
        <p className="text-sm text-muted-foreground">
          Showing {users.data.items.length} of {users.data.total}; search to narrow the list.
        </p>
      )}
      {detail && <UserDetailDialog userId={detail} onClose={() => setDetail(null)} />}
    </div>
  );
}
