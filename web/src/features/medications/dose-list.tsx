import { toast } from 'sonner';
import { LoadMore } from '@/components/ui/load-more';
import { errorMessage } from '@/lib/api';
import { DoseItem } from './dose-item';
import { type DoseResponse, dayLabel, groupByDay } from './dose-status';
import { useMarkDose } from './medications-api';

const FAILED = {
  take: 'Failed to update medication status',
  skip: 'Failed to skip dose',
  undo: 'Could not undo',
} as const;
const DONE = {
  take: 'Medication marked as taken',
  skip: 'Dose Skipped',
  undo: 'The dose is open again',
} as const;

type Props = {
  doses: DoseResponse[];
  timeZone: string;
  /** The paged query the doses come from: its next page loads on "Show more doses". */
  list: Parameters<typeof LoadMore>[0]['list'];
};

/** Doses due first, one section per day of the profile's calendar, with Taken and Skip on each. */
export function DoseList({ doses, timeZone, list }: Props) {
  const mark = useMarkDose();
  const answer = (dose: DoseResponse, action: 'take' | 'skip' | 'undo') =>
    mark.mutate(
      { id: dose.id, action },
      {
        // A mis-tap on a phone is put right from the toast.
        onSuccess: () =>
          toast.success(DONE[action], {
            action: action === 'undo' ? undefined : { label: 'Undo', onClick: () => answer(dose, 'undo') },
          }),
        onError: (error) =>
          toast.error(FAILED[action], { description: errorMessage(error, 'Please try again.') }),
      },
    );
  const pendingId = mark.isPending ? mark.variables?.id : undefined;

  return (
    <div className="flex flex-col gap-6">
      {groupByDay(doses, timeZone).map(({ day, doses: group }) => {
        const label = dayLabel(day, timeZone);
        return (
          <section key={day} className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-muted-foreground">{label}</h3>
            <ul aria-label={`Doses: ${label}`} className="flex flex-col gap-2">
              {group.map((dose) => (
                <DoseItem
                  key={dose.id}
                  dose={dose}
                  timeZone={timeZone}
                  busy={pendingId === dose.id}
                  onAnswer={answer}
                />
              ))}
            </ul>
          </section>
        );
      })}
      <LoadMore list={list} what="doses" label="Show more doses" />
    </div>
  );
}
