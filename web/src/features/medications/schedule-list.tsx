import { countOf } from '@healthfolio/core/text/count-words';
import { Pencil, Square, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useWhose } from '@/features/household/whose';
import { errorMessage } from '@/lib/api';
import { MedicationFormDialog } from './medication-form-dialog';
import { useDeleteSchedule, useSchedules, useStopSchedule } from './medications-api';
import { howOften, type MedicationScheduleSummary, whenText } from './schedule-summary';

type Asking = { schedule: MedicationScheduleSummary; what: 'edit' | 'stop' | 'delete' };

/** "Your medications" ("Mia’s medications" while acting for Mia): each schedule with Edit, Stop (while doses are still to come) and Delete. */
export function ScheduleList({ timeZone }: { timeZone: string }) {
  const schedules = useSchedules();
  const stop = useStopSchedule();
  const remove = useDeleteSchedule();
  const [asking, setAsking] = useState<Asking | null>(null);
  const w = useWhose();
  const close = () => setAsking(null);
  if (!schedules.data?.length) return null;

  const confirmStop = (s: MedicationScheduleSummary) =>
    stop.mutate(s.id, {
      onSuccess: ({ removed }) => {
        toast.success(`${s.medicationName} stopped`, {
          description: `Removed ${countOf(removed, 'upcoming reminder')}. Doses already due stay in ${w.your} record.`,
        });
        close();
      },
      onError: (e) =>
        toast.error('Could not stop the medication', { description: errorMessage(e, 'Please try again.') }),
    });
  const confirmDelete = (s: MedicationScheduleSummary) =>
    remove.mutate(s.id, {
      onSuccess: () => {
        toast.success(`${s.medicationName} deleted`);
        close();
      },
      onError: (e) =>
        toast.error('Could not delete the medication', { description: errorMessage(e, 'Please try again.') }),
    });

  return (
    <section aria-labelledby="medication-schedules-title" className="flex flex-col gap-2">
      <h3 id="medication-schedules-title" className="text-sm font-semibold text-muted-foreground">
        {w.Your} medications
      </h3>
      <ul className="flex flex-col gap-2">
        {schedules.data.map((s) => {
          const name = `${s.medicationName} ${s.dosage}`;
          return (
            <li
              key={s.id}
              className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-center"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="font-medium break-words">{name}</p>
                <p className="text-sm text-muted-foreground">{howOften(s)}</p>
                <p className="text-sm text-muted-foreground">{whenText(s, timeZone)}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Edit ${name}`}
                  onClick={() => setAsking({ schedule: s, what: 'edit' })}
                >
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
                {s.nextDueDate && (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Stop ${name}`}
                    onClick={() => setAsking({ schedule: s, what: 'stop' })}
                  >
                    <Square aria-hidden="true" />
                    Stop
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Delete ${name}`}
                  onClick={() => setAsking({ schedule: s, what: 'delete' })}
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {asking?.what === 'edit' && (
        <MedicationFormDialog timeZone={timeZone} schedule={asking.schedule} onClose={close} />
      )}
      {asking?.what === 'stop' && (
        <ConfirmDialog
          title={`Stop ${asking.schedule.medicationName}?`}
          description={`You will get no more reminders for it. Doses already due, and whether ${w.you} took or skipped them, stay in ${w.your} record.`}
          confirmLabel={stop.isPending ? 'Stopping…' : 'Stop Medication'}
          keepLabel="Cancel"
          pending={stop.isPending}
          onConfirm={() => confirmStop(asking.schedule)}
          onClose={close}
        />
      )}
      {asking?.what === 'delete' && (
        <ConfirmDialog
          title={`Delete ${asking.schedule.medicationName}?`}
          description={`The medication and all its doses, including the ones ${w.name ? '' : 'you '}marked taken or skipped, will be deleted. This cannot be undone. To keep ${w.your} history, use Stop instead.`}
          confirmLabel={remove.isPending ? 'Deleting…' : 'Delete Medication'}
          keepLabel="Cancel"
          pending={remove.isPending}
          onConfirm={() => confirmDelete(asking.schedule)}
          onClose={close}
        />
      )}
    </section>
  );
}
