import { Check, SkipForward } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { formatTime } from '@/lib/zoned-format';
import { canAct, type DoseResponse, instructionsOf, STATUS_META } from './dose-status';

/** A dose's status as a word with an icon, coloured as spec §4 says (green, red, otherwise blue). */
export function DoseStatusBadge({ dose }: { dose: DoseResponse }) {
  const { label, icon: Icon, className } = STATUS_META[dose.status];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold',
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
  const what = `${dose.medicationName} ${dose.dosage}`;
  const context = `, ${what}${time ? ` at ${time}` : ''}`;
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
          <DoseStatusBadge dose={dose} />
        </div>
        {instructions && <p className="text-sm break-words text-muted-foreground">{instructions}</p>}
      </div>
      {canAct(dose) && (
        <div className="flex gap-2">
          <Button size="sm" disabled={busy} onClick={() => onAnswer(dose, 'take')}>
            <Check aria-hidden="true" />
            Taken<span className="sr-only">{context}</span>
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onAnswer(dose, 'skip')}>
            <SkipForward aria-hidden="true" />
            Skip<span className="sr-only">{context}</span>
          </Button>
        </div>
      )}
    </li>
  );
}
