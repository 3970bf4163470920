import { cn } from '@/lib/utils';

/** A progress bar with its own accessible name and a text value (never the bar alone). */
export function Progress({
  label,
  value,
  max,
  valueText,
  className,
}: {
  label: string;
  value: number;
  max: number;
  valueText?: string;
  className?: string;
}) {
  const pct = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={valueText ?? `${value} of ${max}`}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${pct}%` }} />
    </div>
  );
}
