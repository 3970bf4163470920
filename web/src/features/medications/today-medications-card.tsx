import { Button } from '@/components/ui/button';
import { CardDescription } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { formatTime } from '@/lib/zoned-format';
import { DoseStatusBadge } from './dose-item';
import { useTodayDoses } from './medications-api';

// The card stays card-sized; the Medication Setup tab has the full day.
const SHOWN = 5;

/** The home card "Today's Medications": today's doses on the profile's clock, each with its status. */
export function TodayMedicationsBody({ empty }: { empty: string }) {
  const { timezone } = useDashboardContext().profile;
  const doses = useTodayDoses(timezone);
  if (doses.isPending) return <Spinner label="Loading today's medications" />;
  if (doses.isLoadingError)
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <span>
          Could not load today's medications: {errorMessage(doses.error, 'the server did not answer.')}
        </span>
        <Button variant="outline" size="sm" onClick={() => doses.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (doses.data.length === 0) return <CardDescription>{empty}</CardDescription>;
  const rest = doses.data.length - SHOWN;
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label="Today's doses" className="flex flex-col gap-2">
        {doses.data.slice(0, SHOWN).map((dose) => (
          <li key={dose.id} className="flex items-start gap-3 text-sm">
            {dose.dueDate && (
              <time
                dateTime={dose.dueDate}
                className="min-w-[5rem] shrink-0 font-semibold whitespace-nowrap tabular-nums"
              >
                {formatTime(dose.dueDate, timezone)}
              </time>
            )}
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="break-words">{dose.medicationName}</span>
              <span className="text-xs text-muted-foreground">{dose.dosage}</span>
            </span>
            <DoseStatusBadge dose={dose} />
          </li>
        ))}
      </ul>
      {rest > 0 && (
        <p className="text-xs text-muted-foreground">
          and {rest} more {rest === 1 ? 'dose' : 'doses'} today
        </p>
      )}
    </div>
  );
}
