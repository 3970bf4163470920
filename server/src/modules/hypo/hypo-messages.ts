import {
  formatGlucoseWithUnit,
  type GlucoseUnit,
  HYPO_ESCALATE_AFTER_MINUTES,
  HYPO_RECHECK_AFTER_MINUTES,
  LOW_GLUCOSE_BELOW_MGDL,
  TREAT_LOW_CARBS_GRAMS,
} from '@healthfolio/core';

export interface ReadingFacts {
  valueMgdl: number;
  readingAt: Date;
  unit: GlucoseUnit;
  timeZone: string;
}

const time = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone }).format(at);
const reading = (f: ReadingFacts) =>
  `${formatGlucoseWithUnit(f.valueMgdl, f.unit)} at ${time(f.readingAt, f.timeZone)}`;

/** The user's own notifications of a follow-up: in their unit and time zone (stored, never logged). */
export const hypoMessages = {
  alert: (f: ReadingFacts, urgent: boolean) => ({
    title: urgent ? 'Urgent low glucose' : 'Low glucose',
    content: `Your glucose was ${reading(f)}. Treat the low first: take ${TREAT_LOW_CARBS_GRAMS} g of fast-acting carbs and re-check in ${HYPO_RECHECK_AFTER_MINUTES} minutes.${
      urgent ? ' This is urgently low: if you cannot treat it yourself, get help now.' : ''
    }`,
    priority: urgent ? ('urgent' as const) : ('high' as const),
    type: 'alert' as const,
  }),
  recheck: (f: ReadingFacts) => ({
    title: 'Re-check your glucose',
    content: `${HYPO_RECHECK_AFTER_MINUTES} minutes have passed since your low reading (${reading(f)}). Check your glucose now and log it.`,
    priority: 'high' as const,
    type: 'reminder' as const,
  }),
  escalated: (f: ReadingFacts) => ({
    title: 'Low glucose not resolved',
    content: `No reading at or above ${formatGlucoseWithUnit(LOW_GLUCOSE_BELOW_MGDL, f.unit)} has come in since your low reading (${reading(f)}). Treat it again and re-check; get help if you need it.`,
    priority: 'urgent' as const,
    type: 'alert' as const,
  }),
  /** To a caregiver the user chose for alerts: who, the value and the time, as the issue asks. */
  caregiver: (ownerName: string, f: ReadingFacts) => ({
    title: `Urgent: ${ownerName} has low glucose`,
    content: `${ownerName}'s glucose was ${reading(f)} and has not come back up after ${HYPO_ESCALATE_AFTER_MINUTES} minutes. Please check on them.`,
  }),
};
