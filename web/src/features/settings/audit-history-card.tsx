import type { AuditEventResponse } from '@healthfolio/core';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { Spinner } from '@/components/ui/spinner';
import { possessive } from '@/features/household/household-shell';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/zoned-format';
import { useAuditHistory } from './use-audit-history';

/** "Chrome on Linux · Your local network · 192.168.1.20": what is known of where an event came from. */
const whereFrom = (e: AuditEventResponse) =>
  [
    e.device ?? 'Unknown browser',
    e.place,
    e.ipAddress && e.ipAddress !== 'unknown' ? e.ipAddress : 'address unknown',
  ]
    .filter(Boolean)
    .join(' · ');

/** Settings → Account activity: the user's own audit trail (sign-ins and from where, what changed). */
export function AuditHistoryCard() {
  const { acting, profile } = useDashboardContext();
  const ward = acting?.ward ? acting.person.displayName : null;
  const history = useAuditHistory();
  // A guardian's action in a ward's record is named ("by Sam"); the viewer's own is "by you".
  const by = (e: AuditEventResponse) =>
    e.actor && (e.actor.id === acting?.account.id ? 'by you' : `by ${e.actor.displayName}`);
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>{ward ? `Activity in ${possessive(ward)} record` : 'Account activity'}</CardTitle>
        <CardDescription>
          Sign-ins, and what was opened or changed in your account, with the browser and address used.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {history.isPending ? (
          <Spinner label="Loading account activity" className="self-center" />
        ) : history.isLoadingError ? (
          <ErrorState
            title="Could not load your account activity"
            message={errorMessage(history.error, 'Please try again.')}
            onRetry={() => history.refetch()}
          />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No account activity yet.</p>
        ) : (
          <>
            <ul aria-label="Account activity" className="divide-y rounded-md border">
              {items.map((e) => (
                <li key={e.id} className="grid gap-0.5 px-3 py-2 text-sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span>
                      <span className="font-medium">{e.summary}</span>
                      {e.actor && <span className="text-muted-foreground"> ({by(e)})</span>}
                    </span>
                    <time dateTime={e.createdAt} className="text-muted-foreground">
                      {formatDateTime(e.createdAt, profile.timezone)}
                    </time>
                  </div>
                  {e.detail && <span className="text-muted-foreground">{e.detail}</span>}
                  <span className="break-words text-xs text-muted-foreground">{whereFrom(e)}</span>
                </li>
              ))}
            </ul>
            <LoadMore list={history} what="activity" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
