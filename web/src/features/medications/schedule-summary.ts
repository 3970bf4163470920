import type { MedicationScheduleSummary } from '@healthfolio/core';
import { formatDate, formatDateTime } from '@/lib/zoned-format';
import { timeText } from './daily-times-field';
import { FREQUENCY_OPTIONS } from './medication-form';

export type { MedicationScheduleSummary };

/** "Daily at 8:00 AM and 8:00 PM". */
export const howOften = (s: MedicationScheduleSummary) => {
  const label = FREQUENCY_OPTIONS.find((o) => o.value === s.frequency)?.label ?? 'Daily';
  const times = s.dailyTimes.map(timeText);
  const list = times.length > 1 ? `${times.slice(0, -1).join(', ')} and ${times.at(-1)}` : times[0];
  return list ? `${label} at ${list}` : label;
};

/** Noon keeps a calendar date on its day in any zone. */
const dateText = (ymd: string) => formatDate(`${ymd}T12:00:00Z`, 'UTC');

/** "Next dose Nov 30, 2026, 8:00 AM", or when it ended or ends. */
export const whenText = (s: MedicationScheduleSummary, timeZone: string) => {
  if (s.nextDueDate) {
    const next = `Next dose ${formatDateTime(s.nextDueDate, timeZone)}`;
    return s.endDate ? `${next} · Ends ${dateText(s.endDate)}` : next;
  }
  return s.endDate ? `Ended ${dateText(s.endDate)}` : 'No doses left';
};
