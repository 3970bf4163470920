import { shareSummary } from '@healthfolio/core/sharing/share-rules';
import { Clock, Lock, Mail, UserPlus, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { QueryView, StatCard } from '@/features/trackers/screen-parts';
import { type ShareAction, ShareCard } from './share-card';
import { copyText, formatWhen } from './share-format';
import { SharedWithMe } from './shared-with-me';
import { fetchShareLink, type ShareResponse, useRevokeShare, useShares } from './sharing-api';

// Health packets (their category labels come with the packet rules, and zod) load after the page.
const PacketsSection = lazy(async () => ({
  default: (await import('@/features/packets/packets-section')).PacketsSection,
}));
// The invite form (its form library and the share rules it checks) loads when it is opened.
const InviteDialog = lazy(async () => ({ default: (await import('./invite-dialog')).InviteDialog }));
// The other dialogs (and the dialog primitives) load when one is opened too: the page sat at the 170 KB
// first-load budget, which every new dashboard route's entry in the shared shell pushes on.
const PermissionsDialog = lazy(async () => ({
  default: (await import('./permissions-dialog')).PermissionsDialog,
}));
const AccessLogDialog = lazy(async () => ({
  default: (await import('./access-log-dialog')).AccessLogDialog,
}));
const ConfirmDialog = lazy(async () => ({
  default: (await import('@/components/ui/confirm-dialog')).ConfirmDialog,
}));

type Open =
  | { kind: 'invite'; initial?: { email: string; name: string } }
  | { kind: Exclude<ShareAction, 'copy'>; share: ShareResponse }
  | null;

/** Spec §2 Health Data Sharing ("Care Team Access" in diabetes mode). */
export function SharingPage() {
  const { profile } = useDashboardContext();
  const shares = useShares();
  const revoke = useRevokeShare();
  // Settings → Household's "Give caregiver access" opens the invitation for a former guardian.
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<Open>(() => {
    const email = params.get('invite');
    return email ? { kind: 'invite', initial: { email, name: params.get('name') ?? '' } } : null;
  });
  useEffect(() => {
    if (params.has('invite')) setParams({}, { replace: true });
  }, [params, setParams]);
  const zone = profile.timezone;

  const onAction = async (action: ShareAction, share: ShareResponse) => {
    if (action !== 'copy') return setOpen({ kind: action, share });
    try {
      await copyText((await fetchShareLink(share.id)).link);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy the link');
    }
  };

  const confirmRevoke = (share: ShareResponse) =>
    revoke.mutate(share.id, {
      onSuccess: () => {
        toast.success('Access revoked');
        setOpen(null);
      },
      onError: () => toast.error('Failed to revoke access'),
    });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Lock className="size-4" aria-hidden="true" /> Each caregiver gets a private link that cannot be
          guessed, and sees only what you choose, without being able to change it.
        </p>
        <Button onClick={() => setOpen({ kind: 'invite' })}>
          <UserPlus aria-hidden="true" /> Invite Someone
        </Button>
      </div>
      {shares.isLoadingError ? (
        <ErrorState title="Error" message="Failed to load sharing data" onRetry={() => shares.refetch()} />
      ) : (
        <QueryView query={shares} what="sharing data">
          {(items) => {
            const s = shareSummary(items);
            return (
              <>
                <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                  <StatCard
                    title="Active Shares"
                    value={s.activeShares}
                    icon={<Users className="size-4" aria-hidden="true" />}
                  />
                  <StatCard
                    title="Pending Invitations"
                    value={s.pendingInvitations}
                    icon={<Mail className="size-4" aria-hidden="true" />}
                  />
                  <StatCard
                    title="People with Access"
                    value={s.peopleWithAccess}
                    icon={<Users className="size-4" aria-hidden="true" />}
                  />
                  <StatCard
                    title="Last Access"
                    value={
                      <span className="text-base">{formatWhen(s.lastAccessedAt, zone, 'None yet')}</span>
                    }
                    icon={<Clock className="size-4" aria-hidden="true" />}
                  />
                </section>
                <section aria-labelledby="shares-heading" className="flex flex-col gap-3">
                  <h2 id="shares-heading" className="text-lg font-semibold">
                    People you share with
                  </h2>
                  {items.length === 0 ? (
                    <p className="text-sm text-muted-foreground">
                      You have not shared your health data with anyone yet.
                    </p>
                  ) : (
                    <ul className="grid gap-3 lg:grid-cols-2">
                      {items.map((share) => (
                        <li key={share.id}>
                          <ShareCard share={share} timeZone={zone} onAction={onAction} />
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              </>
            );
          }}
        </QueryView>
      )}
      <Suspense fallback={<Spinner label="Loading packets" />}>
        <PacketsSection timeZone={zone} />
      </Suspense>
      <SharedWithMe />
      {open?.kind === 'invite' && (
        <Suspense fallback={null}>
          <InviteDialog initial={open.initial} onClose={() => setOpen(null)} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {open?.kind === 'permissions' && (
          <PermissionsDialog share={open.share} onClose={() => setOpen(null)} />
        )}
        {open?.kind === 'log' && (
          <AccessLogDialog share={open.share} timeZone={zone} onClose={() => setOpen(null)} />
        )}
        {open?.kind === 'revoke' && (
          <ConfirmDialog
            title="Revoke access?"
            description={`${open.share.sharedWithName ?? open.share.sharedWithEmail} will no longer be able to open the link.`}
            confirmLabel="Revoke"
            keepLabel="Keep access"
            pending={revoke.isPending}
            onConfirm={() => confirmRevoke(open.share)}
            onClose={() => setOpen(null)}
          />
        )}
      </Suspense>
    </div>
  );
}
