import { localDate } from '@healthfolio/core/units/local-time';
import type { GlucoseFormat } from '@/features/diabetes/format';

const WEEK_MS = 7 * 86_400_000;

/**
 * How a glucose chart writes its instants, from the span of the data it draws (not the period
 * chosen: 30 days holding one day of readings would label every tick with the same date). Within one
 * day the axis shows times and the tooltip the date too; within a week both show date and time;
 * longer spans show dates.
 */
export const chartTimeFormat = (
  at: number[],
  fmt: Pick<GlucoseFormat, 'time' | 'dateTime' | 'date' | 'timeZone'>,
): { tick: (at: number) => string; tooltip: (at: number) => string } => {
  const first = Math.min(...at);
  const last = Math.max(...at);
  if (!at.length || localDate(first, fmt.timeZone) === localDate(last, fmt.timeZone))
    return { tick: fmt.time, tooltip: fmt.dateTime };
  if (last - first <= WEEK_MS) return { tick: fmt.dateTime, tooltip: fmt.dateTime };
  return { tick: fmt.date, tooltip: fmt.date };
};
