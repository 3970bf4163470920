import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A native select: fully keyboard and screen-reader friendly, and fine with hundreds of options. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
