import { Check, SkipForward } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '@/components/ui/button';
import { useFocusAfterAction } from '@/lib/use-focus-after-action';
import { cn } from '@/lib/utils';
import { formatTime } from '@/lib/zoned-format';
import { canAct, type DoseResponse, doseActionContext, instructionsOf, STATUS_META } from './dose-status';

/** A dose's status as a word with an icon, coloured as spec §4 says (green, red, otherwise blue). */
export function DoseStatusBadge({ dose, ref }: { dose: DoseResponse; ref?: Ref<HTMLSpanElement> }) {
  const { label, icon: Icon, className } = STATUS_META[dose.status];
  return (
    <span
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold',
        'outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}

type Props = {
  dose: DoseResponse;
  timeZone: string;
  busy: boolean;
  onAnswer: (dose: DoseResponse, action: 'take' | 'skip') => void;
};

/** One dose: what, when, how, its status, and Taken / Skip while it is still open. */
export function DoseItem({ dose, timeZone, busy, onAnswer }: Props) {
  const time = dose.dueDate ? formatTime(dose.dueDate, timeZone) : undefined;
  const instructions = instructionsOf(dose);
  const context = doseActionContext(dose, timeZone);
  // Once answered the buttons go: focus moves to the dose's new status.
  const focus = useFocusAfterAction<HTMLSpanElement>(dose.status);
  const act = (action: 'take' | 'skip') => {
    focus.arm();
    onAnswer(dose, action);
  };
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          {time && (
            <time dateTime={dose.dueDate ?? undefined} className="font-semibold tabular-nums">
              {time}
            </time>
          )}
          <span className="font-medium break-words">{dose.medicationName}</span>
          <span className="text-sm text-muted-foreground">{dose.dosage}</span>
          <DoseStatusBadge dose={dose} ref={focus.target} />
        </div>
        {instructions && <p className="text-sm break-words text-muted-foreground">{instructions}</p>}
      </div>
      {canAct(dose) && (
        <div className="flex gap-2">
          <Button size="sm" disabled={busy} onClick={() => act('take')}>
            <Check aria-hidden="true" />
            Taken<span className="sr-only">{context}</span>
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => act('skip')}>
            <SkipForward aria-hidden="true" />
            Skip<span className="sr-only">{context}</span>
          </Button>
        </div>
      )}
    </li>
  );
}
