import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function Alert({
  className,
  variant = 'default',
  ...props
}: ComponentProps<'div'> & { variant?: 'default' | 'destructive' }) {
  return (
    <div
      className={cn(
        'rounded-lg border p-4 text-sm',
        variant === 'destructive' ? 'border-destructive/50 text-destructive' : 'bg-muted/50',
        className,
      )}
      {...props}
    />
  );
}
