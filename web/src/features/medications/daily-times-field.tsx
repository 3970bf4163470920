import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** "08:00" as the user's locale writes a time ("8:00 AM"), for the list and its remove buttons. */
export const timeText = (hhmm: string) =>
  new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`1970-01-01T${hhmm}:00Z`),
  );

/**
 * The daily times of a schedule (spec §5): a time is added only when it is not empty and not
 * already listed, and the list stays sorted. Each time can be removed again.
 */
export function DailyTimesField({
  value,
  onChange,
  invalid,
}: {
  value: string[];
  onChange: (times: string[]) => void;
  invalid?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');

  const add = () => {
    if (!draft || value.includes(draft)) return;
    onChange([...value, draft].sort());
    setDraft('');
  };
  // Enter in the time input adds the time instead of submitting the whole form.
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add();
  };

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint`}>
      <legend className="mb-2 text-sm font-medium">Daily times</legend>
      <div className="flex items-end gap-2">
        <div className="flex flex-1 flex-col gap-2">
          <Label htmlFor={`${id}-time`} className="sr-only">
            Time to add
          </Label>
          <Input
            id={`${id}-time`}
            type="time"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            aria-invalid={invalid && value.length === 0 ? true : undefined}
          />
        </div>
        <Button type="button" variant="outline" onClick={add}>
          <Plus aria-hidden="true" />
          Add Time
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Each time gets its own reminder, every day of the schedule.
      </p>
      {value.length > 0 ? (
        <ul aria-label="Daily times" className="flex flex-wrap gap-2">
          {value.map((time) => (
            <li
              key={time}
              className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pr-1 pl-3 text-sm text-secondary-foreground"
            >
              <time dateTime={time}>{timeText(time)}</time>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7 rounded-full"
                aria-label={`Remove ${timeText(time)}`}
                onClick={() => onChange(value.filter((t) => t !== time))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No times added yet.</p>
      )}
    </fieldset>
  );
}
