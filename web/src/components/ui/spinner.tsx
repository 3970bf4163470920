import { CloudOff, LoaderCircle } from 'lucide-react';
import { useOnline } from '@/lib/connection';
import { cn } from '@/lib/utils';

/**
 * Something loading. Without a connection nothing will arrive (what this device saved is already on
 * show): it says so instead of spinning for ever.
 */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  const online = useOnline();
  if (!online)
    return (
      <span
        role="status"
        className={cn('inline-flex items-center gap-2 text-sm text-muted-foreground', className)}
      >
        <CloudOff className="size-4 shrink-0" aria-hidden="true" />
        <span>Not saved on this device. It loads once the connection is back.</span>
      </span>
    );
  return (
    <span role="status" className={cn('inline-flex items-center text-muted-foreground', className)}>
      <LoaderCircle className="size-6 animate-spin" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner for a whole screen while its data (the session, the profile) is read. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
