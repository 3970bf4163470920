import { CLAIM_STATUSES } from '@healthfolio/core/insurance/insurance-options';
import { CardDescription } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { QueryView } from '@/features/trackers/screen-parts';
import { capitalize, formatDay } from './day-format';
import { useClaims } from './insurance-api';

/** The dashboard's "Claims Status": how many claims are in each status, and the latest one. */
export function ClaimsStatusBody({ empty }: { empty: string }) {
  const claims = useClaims();
  if (claims.isPending) return <Spinner label="Loading your claims" />;
  return (
    <QueryView query={claims} what="your claims">
      {(items) => {
        if (items.length === 0) return <CardDescription>{empty}</CardDescription>;
        const latest = [...items].sort((a, b) => b.submittedDate.localeCompare(a.submittedDate))[0]!;
        const counts = CLAIM_STATUSES.map(
          (s) => [s, items.filter((c) => c.status === s).length] as const,
        ).filter(([, n]) => n > 0);
        return (
          <div className="flex flex-col gap-2 text-sm">
            <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label="Claims by status">
              {counts.map(([status, n]) => (
                <li key={status}>
                  <span className="font-semibold tabular-nums">{n}</span> {capitalize(status)}
                </li>
              ))}
            </ul>
            <p className="flex flex-wrap items-center gap-2">
              Latest: {latest.provider} · {capitalize(latest.status)}
            </p>
            <p className="text-muted-foreground">Submitted {formatDay(latest.submittedDate)}</p>
          </div>
        );
      }}
    </QueryView>
  );
}
