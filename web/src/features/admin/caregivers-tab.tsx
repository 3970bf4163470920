import { ADMIN_SHARE_TEXTS, type AdminShare } from '@healthfolio/core/admin/admin-shares.schema';
import { isLiveShare } from '@healthfolio/core/sharing/share-rules';
import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { categoryList, levelLabel, STATUS_LABELS } from '@/features/sharing/share-format';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { useAdminShares, useRevokeShare } from './admin-api';
import { formatDateTime } from './admin-format';

const STATUS_BADGE = {
  active: 'default',
  pending: 'secondary',
  expired: 'outline',
  revoked: 'outline',
} as const;

/**
 * Spec §2 Caregivers: every shared-access record, searchable, with Revoke on each live one (pending or
 * active: its link still opens, and the dashboard counts it among the live shares).
 */
export function CaregiversTab() {
  const [q, setQ] = useState('');
  const search = useDeferredValue(q);
  const shares = useAdminShares(search);
  const revoke = useRevokeShare();

  const onRevoke = (s: AdminShare) =>
    revoke.mutate(s.id, {
      onSuccess: () =>
        toast.success(ADMIN_SHARE_TEXTS.revokedTitle, { description: ADMIN_SHARE_TEXTS.revokedBody }),
      onError: (e) => toast.error(ADMIN_SHARE_TEXTS.revokeFailed, { description: errorMessage(e, '') }),
    });

  return (
    <div className="flex flex-col gap-4">
      <div className="relative">
        <Search className="absolute top-3 left-3 size-4 text-muted-foreground" aria-hidden="true" />
        <Input
          aria-label="Search caregivers by email, name or patient name"
          placeholder="Search by email, name or patient name"
          className="pl-9"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      {shares.isPending ? (
        <PageSpinner label="Loading caregivers" />
      ) : shares.isLoadingError ? (
        <ErrorState
          title={ADMIN_SHARE_TEXTS.loadFailed}
          message={errorMessage(shares.error, '')}
          onRetry={() => shares.refetch()}
        />
      ) : shares.data.items.length === 0 ? (
        <p className="p-6 text-center text-muted-foreground">{ADMIN_SHARE_TEXTS.empty}</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border bg-card" aria-label="Caregivers">
          {shares.data.items.map((s) => (
            <CaregiverRow key={s.id} share={s} busy={revoke.isPending} onRevoke={onRevoke} />
          ))}
        </ul>
      )}
      {shares.data && shares.data.items.length >= 1000 && (
        <p className="text-sm text-muted-foreground">Showing the newest 1,000; search to narrow the list.</p>
      )}
    </div>
  );
}

function CaregiverRow({
  share: s,
  busy,
  onRevoke,
}: {
  share: AdminShare;
  busy: boolean;
  onRevoke: (s: AdminShare) => void;
}) {
  const { timezone } = useDashboardContext().profile;
  const who = s.sharedWithName || s.sharedWithEmail;
  return (
    <li className="flex flex-col gap-2 p-3 md:flex-row md:items-center md:gap-4">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="truncate font-medium">{who}</span>
        {s.sharedWithName && (
          <span className="truncate text-sm text-muted-foreground">{s.sharedWithEmail}</span>
        )}
        <span className="text-sm">
          Patient: <span className="font-medium">{s.ownerName}</span>
        </span>
        <span className="text-xs text-muted-foreground">
          {levelLabel(s.accessType)} · {categoryList(s.categories) || 'No categories'}
        </span>
        <span className="text-xs text-muted-foreground">
          Created {formatDateTime(s.createdAt, timezone)} · Expires{' '}
          {s.expiresAt ? formatDateTime(s.expiresAt, timezone) : 'Never'} · Last access{' '}
          {s.lastAccessedAt ? formatDateTime(s.lastAccessedAt, timezone) : 'Not opened yet'}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={STATUS_BADGE[s.status]}>{STATUS_LABELS[s.status]}</Badge>
        {isLiveShare(s.status) && (
          <Button size="sm" variant="destructive" disabled={busy} onClick={() => onRevoke(s)}>
            Revoke
            <span className="sr-only">
              {' '}
              access of {who} to {s.ownerName}
            </span>
          </Button>
        )}
      </div>
    </li>
  );
}
