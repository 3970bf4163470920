import type { EntryResponse, WeightGoal } from '@healthfolio/core';
import { currentValueWords } from '@healthfolio/core/trackers/current-value';
import { convertWeight, formatWeight, type WeightUnit } from '@healthfolio/core/units/weight-units';
import { recordDate } from '@/lib/entry-when';
import { dataNumber, dataText, weightText } from './entry-format';

export const weightOf = (entry: EntryResponse | null | undefined, unit: WeightUnit): number | undefined => {
  if (!entry) return undefined;
  const value = dataNumber(entry, 'weight');
  const from = dataText(entry, 'weightUnit') === 'kg' ? 'kg' : 'lbs';
  return value === undefined ? undefined : convertWeight(value, from, unit);
};

/**
 * The unit a new weight starts in: the one the person chose in their profile (their goal's unit),
 * else the one they last logged a weight in, else lbs (the spec's default).
 */
export const defaultWeightUnit = (
  goal: WeightGoal | null | undefined,
  latest: EntryResponse | null | undefined,
): WeightUnit => {
  if (goal) return goal.unit;
  const last = latest ? dataText(latest, 'weightUnit') : undefined;
  return last === 'kg' || last === 'lbs' ? last : 'lbs';
};

/**
 * The Current Weight card: the latest weight with its date when it is recent, else a dash and the
 * latest with its date (an imported weight of 2012 is not the current one).
 */
export const currentWeight = (latest: EntryResponse | null, timeZone: string, now: number) => {
  const text = latest ? weightText(latest) : undefined;
  return currentValueWords(
    latest && text
      ? {
          text,
          at: latest.occurredAt,
          date: recordDate(latest.occurredAt, latest.occurredPrecision, timeZone),
          partial: latest.occurredPrecision === 'month' || latest.occurredPrecision === 'year',
        }
      : null,
    now,
    'No weight logged yet',
  );
};

export type GoalProgress = { percent: number; detail: string };

/** Progress from the first weight logged, through the current one, to the goal: clamped to 0–100%. */
export function goalProgress(
  first: EntryResponse | undefined,
  latest: EntryResponse | null,
  goal: WeightGoal,
): GoalProgress | null {
  const start = weightOf(first, goal.unit);
  const current = weightOf(latest, goal.unit);
  if (start === undefined || current === undefined) return null;
  const span = start - goal.value;
  const raw = span === 0 ? (current === goal.value ? 100 : 0) : ((start - current) / span) * 100;
  const percent = Math.round(Math.min(100, Math.max(0, raw)));
  const left = Math.abs(current - goal.value);
  if (percent >= 100) return { percent: 100, detail: 'Goal reached' };
  const remaining = `${formatWeight(left)} ${goal.unit} to go`;
  return { percent, detail: percent > 0 ? `On track · ${remaining}` : remaining };
}

/** "+N from last month" (or "-N"): entries this month against last month. */
export const monthDelta = (thisMonth: number, lastMonth: number) => {
  const d = thisMonth - lastMonth;
  return `${d >= 0 ? '+' : '-'}${Math.abs(d)} from last month`;
};
