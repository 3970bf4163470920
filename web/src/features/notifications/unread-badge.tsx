import { cn } from '@/lib/utils';

/** Big numbers would crowd a tab or the bell; past 99 the exact count stops mattering. */
export const countText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * A small unread-count pill. The digits are hidden from screen readers and the words said instead,
 * so a tab reads "Notes 3 unread", not "Notes 3". Nothing is shown at zero.
 */
export function UnreadBadge({ count, className }: { count: number | undefined; className?: string }) {
  if (!count) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-primary-foreground',
        className,
      )}
    >
      <span aria-hidden="true">{countText(count)}</span>
      <span className="sr-only">{countText(count)} unread</span>
    </span>
  );
}
