import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A radio button drawn as a card: the whole card is the label, arrow keys move between cards. */
export function ChoiceCard({
  name,
  value,
  checked,
  onChange,
  title,
  description,
  icon: Icon,
  note,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  title: string;
  description: string;
  icon: LucideIcon;
  note?: string;
}) {
  const id = `${name}-${value}`;
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer gap-4 rounded-xl border-2 bg-card p-5 text-left transition-colors ',
        checked ? 'border-primary bg-accent/40' : 'border-border hover:border-primary/50',
      )}
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="mt-1 size-4 shrink-0 accent-primary"
      />
      <Icon className="mt-0.5 size-8 shrink-0 text-primary" aria-hidden="true" />
      <span className="flex flex-col gap-1">
        <span className="font-semibold">{title}</span>
        <span className="text-sm text-muted-foreground">{description}</span>
        {note && <span className="text-sm font-medium text-primary">{note}</span>}
      </span>
    </label>
  );
}
