import { cn } from '@/lib/utils';

/** A person's initials in a circle; decorative (the name is always written beside it). */
export function PersonAvatar({
  initials,
  ward,
  className,
}: {
  initials: string;
  ward?: boolean;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
        ward ? 'bg-acting text-acting-foreground' : 'bg-secondary text-secondary-foreground',
        className,
      )}
    >
      {initials}
    </span>
  );
}
