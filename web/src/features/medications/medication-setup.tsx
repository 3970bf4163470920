import { zoneWords } from '@healthfolio/core/text/zone-words';
import { History, Pill, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { DoseList } from './dose-list';
import { dayStart, today } from './dose-status';
import { MedicationFormDialog } from './medication-form-dialog';
import { useDoseList } from './medications-api';
import { ScheduleList } from './schedule-list';

// Yesterday by default, so a dose missed last night still shows as overdue; a month on request.
const RECENT_DAYS = 1;
const EARLIER_DAYS = 30;

/** The "Medication Setup" tab: add a medication schedule and answer each dose (spec §2). */
export function MedicationSetup() {
  const { timezone } = useDashboardContext().profile;
  const [adding, setAdding] = useState(false);
  const [daysBack, setDaysBack] = useState(RECENT_DAYS);
  const heading = useRef<HTMLHeadingElement>(null);
  // The button goes once pressed: focus moves to the list's heading, not to the page's <body>.
  const showEarlier = () => {
    setDaysBack(EARLIER_DAYS);
    heading.current?.focus();
  };
  const doses = useDoseList(today(timezone, -daysBack), timezone);
  const items = doses.data?.pages.flatMap((p) => p.items) ?? [];
  // Due first: asked for earlier ones, the first dose is still in the recent window, so there are none.
  const recentFrom = Date.parse(dayStart(today(timezone, -RECENT_DAYS), timezone));
  const first = items[0]?.dueDate;
  const noEarlier =
    daysBack === EARLIER_DAYS && doses.isSuccess && (!first || Date.parse(first) >= recentFrom);

  return (
    <section aria-labelledby="medication-setup-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2
            id="medication-setup-title"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold outline-none"
          >
            Medication reminders
          </h2>
          <p className="text-sm text-muted-foreground">
            Mark each dose Taken or Skip. Times are in {zoneWords(timezone)}.
          </p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Medication
        </Button>
      </div>
      <ScheduleList timeZone={timezone} />
      {daysBack === RECENT_DAYS && (doses.data || doses.isError) && (
        <Button variant="ghost" size="sm" className="self-start" onClick={showEarlier}>
          <History aria-hidden="true" />
          Show earlier doses
        </Button>
      )}
      {noEarlier && (
        <p role="status" className="text-sm text-muted-foreground">
          No earlier doses in the last {EARLIER_DAYS} days.
        </p>
      )}
      {doses.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner label="Loading medications" />
        </div>
      ) : doses.isLoadingError ? (
        <ErrorState title="Error" message="Failed to load medications" onRetry={() => doses.refetch()} />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
          <Pill className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No medication reminders yet.</p>
          <p className="text-sm text-muted-foreground">
            Add a medication with its daily times to get a reminder for each dose.
          </p>
        </div>
      ) : (
        <DoseList doses={items} timeZone={timezone} list={doses} />
      )}
      {adding && <MedicationFormDialog timeZone={timezone} onClose={() => setAdding(false)} />}
    </section>
  );
}
