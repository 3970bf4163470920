import { Info } from 'lucide-react';

/** Figures this instance cannot measure yet, said instead of shown as numbers. */
export function FigureNotes({ notes }: { notes: { figure: string; note: string }[] }) {
  if (!notes.length) return null;
  return (
    <ul className="flex flex-col gap-1 text-sm text-muted-foreground">
      {notes.map((n) => (
        <li key={n.figure} className="flex items-start gap-2">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-medium">{n.figure}:</span> {n.note}
          </span>
        </li>
      ))}
    </ul>
  );
}
