import type { EntryResponse } from '@healthfolio/core';
import { ChevronRight } from 'lucide-react';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { entryWhen } from '@/lib/entry-when';

/** Entries of every tracker: type, value, date and time; each opens its details dialog. */
export function EntryTable({
  entries,
  value,
  onOpen,
  label,
}: {
  entries: EntryResponse[];
  value: (entry: EntryResponse) => string;
  onOpen: (entry: EntryResponse) => void;
  label: string;
}) {
  const { timezone } = useDashboardContext().profile;
  return (
    <ul aria-label={label} className="flex flex-col divide-y rounded-xl border bg-card">
      {entries.map((entry) => {
        const when = entryWhen(entry, timezone);
        return (
          <li key={entry.id}>
            <button
              type="button"
              onClick={() => onOpen(entry)}
              aria-label={`${entry.title}, ${value(entry)}, ${[when.date, when.time].filter(Boolean).join(' ')}`}
              className="flex w-full items-center gap-3 p-4 text-left hover:bg-accent/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
            >
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="font-medium">{entry.title}</span>
                <span className="truncate text-sm text-muted-foreground">{value(entry)}</span>
              </span>
              <span className="flex shrink-0 flex-col items-end text-sm text-muted-foreground">
                <span>{when.date}</span>
                {when.time && <span>{when.time}</span>}
              </span>
              <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
