import type { DoseResponse, DoseStatus } from '@healthfolio/core';
import { isDoseMarkable } from '@healthfolio/core/notifications/dose-timing';
import { addCalendarDays, localDate, localDayStart } from '@healthfolio/core/units/local-time';
import { CircleAlert, CircleCheck, Clock, type LucideIcon, SkipForward } from 'lucide-react';
import { formatDate, formatTime } from '@/lib/zoned-format';

export type { DoseResponse, DoseStatus };

/**
 * Spec §4: taken is green, overdue red, anything else blue. The word and icon carry the status too,
 * so colour is never the only signal.
 */
export const STATUS_META: Record<DoseStatus, { label: string; icon: LucideIcon; className: string }> = {
  taken: { label: 'Taken', icon: CircleCheck, className: 'border-success/40 bg-success/10 text-success' },
  overdue: {
    label: 'Overdue',
    icon: CircleAlert,
    className: 'border-destructive/40 bg-destructive/10 text-destructive',
  },
  pending: { label: 'Pending', icon: Clock, className: 'border-primary/40 bg-primary/10 text-primary' },
  skipped: { label: 'Skipped', icon: SkipForward, className: 'border-primary/40 bg-primary/10 text-primary' },
};

/**
 * Taken and Skip are offered only while the dose is neither, and from an hour before it is due (the
 * server's rule, from core). The server's status decides: a reminder merely marked read in the
 * notification list is still open.
 */
export const canAct = (dose: DoseResponse, nowMs: number = Date.now()) =>
  (dose.status === 'pending' || dose.status === 'overdue') && isDoseMarkable(dose.dueDate, nowMs);

/** The instant a calendar day starts on the profile's wall clock (midnight there, not in the browser). */
export const dayStart = localDayStart;

/** Today, and `offset` days from it, as YYYY-MM-DD in the profile's time zone. */
export const today = (timeZone: string, offset = 0) =>
  addCalendarDays(localDate(Date.now(), timeZone), offset);

/** Doses grouped by their local day, in the order they came (the server sorts by due date). */
export const groupByDay = (doses: DoseResponse[], timeZone: string) => {
  const groups: { day: string; doses: DoseResponse[] }[] = [];
  for (const dose of doses) {
    const day = dose.dueDate ? localDate(dose.dueDate, timeZone) : '';
    const last = groups.at(-1);
    if (last?.day === day) last.doses.push(dose);
    else groups.push({ day, doses: [dose] });
  }
  return groups;
};

/** "Today", "Tomorrow", "Yesterday", or the date in the user's locale. */
export const dayLabel = (ymd: string, timeZone: string) => {
  if (!ymd) return 'No date';
  const names: Record<string, string> = {
    [today(timeZone)]: 'Today',
    [today(timeZone, 1)]: 'Tomorrow',
    [today(timeZone, -1)]: 'Yesterday',
  };
  // Noon avoids a date shift when the day is formatted in the profile's zone.
  return names[ymd] ?? formatDate(`${ymd}T12:00:00Z`, 'UTC');
};

/** Instructions the user typed when they set the schedule up, if any. */
export const instructionsOf = (dose: DoseResponse) => {
  const value = dose.metadata.special_instructions;
  return typeof value === 'string' && value.trim() ? value : undefined;
};

/**
 * What a dose's Taken and Skip buttons name after their word, for screen readers: the medication,
 * time and date (", Metformin 500 mg at 8:00 AM on Nov 30, 2026"), so a month of buttons never share
 * a name.
 */
export const doseActionContext = (dose: DoseResponse, timeZone: string) => {
  const what = `${dose.medicationName} ${dose.dosage}`;
  if (!dose.dueDate) return `, ${what}`;
  return `, ${what} at ${formatTime(dose.dueDate, timeZone)} on ${formatDate(dose.dueDate, timeZone)}`;
};
