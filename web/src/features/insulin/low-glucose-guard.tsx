import {
  LOW_GLUCOSE_BELOW_MGDL,
  lowGuardHeading,
  TREAT_LOW_FIRST_MESSAGE,
} from '@healthfolio/core/glucose/dosing-guards';
import { glucoseLevel } from '@healthfolio/core/glucose/levels';
import { CircleAlert } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useGlucoseFormat } from '@/features/diabetes/format';
import { useWhose } from '@/features/household/whose';
import { useFollowUps, useStartFollowUp } from '@/features/hypo/hypo-api';
import { errorMessage } from '@/lib/api';

/**
 * Below 70 mg/dL no dose is suggested: the low is treated first. The follow-up logs this reading and
 * reminds the user to re-check in 15 minutes (and escalates if it stays low).
 */
export function LowGlucoseGuard({ glucoseMgdl }: { glucoseMgdl: number }) {
  const fmt = useGlucoseFormat();
  const w = useWhose();
  const start = useStartFollowUp();
  // One follow-up per episode: a running one (from a logged or imported low) is shown, not restarted.
  const running = useFollowUps().data?.items.find((f) => f.status === 'active');
  const followUp = start.data ?? running;
  return (
    <Alert variant="destructive" role="alert" className="flex gap-2">
      <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-2">
        <p className="font-semibold">{lowGuardHeading(glucoseMgdl)}</p>
        <p>
          {fmt.withUnit(glucoseMgdl)} is below {fmt.withUnit(LOW_GLUCOSE_BELOW_MGDL)}.{' '}
          {TREAT_LOW_FIRST_MESSAGE}
        </p>
        {glucoseLevel(glucoseMgdl).id === 'very_low' && (
          <p className="font-medium">
            This is urgently low. If you cannot treat {w.name ? `${w.your} low` : 'it'} yourself, get help
            now.
          </p>
        )}
        {followUp ? (
          <p role="status" className="text-foreground">
            {start.data ? 'Follow-up started' : 'A follow-up is already running'}:{' '}
            {w.name
              ? `we will remind you to re-check ${w.your} glucose at ${fmt.time(followUp.recheckDueAt)}.`
              : `we will remind you to re-check at ${fmt.time(followUp.recheckDueAt)}.`}
          </p>
        ) : (
          <div className="flex flex-col gap-1">
            <Button
              variant="outline"
              className="self-start"
              disabled={start.isPending}
              onClick={() => start.mutate(glucoseMgdl)}
            >
              {start.isPending ? 'Starting…' : 'Log this reading and start the follow-up'}
            </Button>
            {start.isError && (
              <p className="text-destructive">
                {errorMessage(start.error, 'The follow-up could not be started. Please try again.')}
              </p>
            )}
          </div>
        )}
      </div>
    </Alert>
  );
}
