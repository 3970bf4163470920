import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { auditEventDetail, auditEventLabel } from './audit-labels';
import { useAuditHistory } from './use-audit-history';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Settings → Account activity: the user's own audit trail (sign-ins and from where, what changed). */
export function AuditHistoryCard() {
  const history = useAuditHistory();
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Account activity</CardTitle>
        <CardDescription>
          Sign-ins, and what was viewed or changed in your account, with the address and browser used.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {history.isPending ? (
          <Spinner label="Loading account activity" className="self-center" />
        ) : history.isError ? (
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
              {items.map((e) => {
                const detail = auditEventDetail(e);
                return (
                  <li key={e.id} className="grid gap-0.5 px-3 py-2 text-sm">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <span className="font-medium">{auditEventLabel(e)}</span>
                      <time dateTime={e.createdAt} className="text-muted-foreground">
                        {when.format(new Date(e.createdAt))}
                      </time>
                    </div>
                    {detail && <span className="text-muted-foreground">{detail}</span>}
                    <span className="break-all text-xs text-muted-foreground">
                      {e.ipAddress ?? 'Unknown address'}
                      {e.userAgent ? ` · ${e.userAgent}` : ''}
                    </span>
                  </li>
                );
              })}
            </ul>
            <LoadMore list={history} what="activity" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
