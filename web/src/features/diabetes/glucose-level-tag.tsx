import { type GlucoseLevel, glucoseLevel } from '@healthfolio/core/glucose/levels';
import { ArrowDown, ArrowUp, CircleCheck, type LucideIcon, OctagonAlert, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';

const ICONS: Record<GlucoseLevel['icon'], LucideIcon> = {
  'alert-octagon': OctagonAlert,
  'arrow-down': ArrowDown,
  check: CircleCheck,
  'arrow-up': ArrowUp,
  'alert-triangle': TriangleAlert,
};

const TONES: Record<GlucoseLevel['id'], string> = {
  very_low: 'text-destructive font-semibold',
  low: 'text-destructive',
  in_range: 'text-success',
  high: 'text-orange-700 dark:text-orange-400',
  very_high: 'text-orange-800 dark:text-orange-300 font-semibold',
};

/** The consensus level of a reading (core's rule) with its icon and colour: never colour alone. */
export function levelOf(mgdl: number) {
  const level = glucoseLevel(mgdl);
  return { label: level.word, className: TONES[level.id], Icon: ICONS[level.icon] };
}

export function RangeTag({ mgdl, className }: { mgdl: number; className?: string }) {
  const { label, className: tone, Icon } = levelOf(mgdl);
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm font-medium', tone, className)}>
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </span>
  );
}
