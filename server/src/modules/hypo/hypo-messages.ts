import {
  formatGlucoseWithUnit,
  GLUCOSE_LEVELS,
  type GlucoseUnit,
  glucoseLevel,
  HYPO_ESCALATE_AFTER_MINUTES,
  HYPO_RECHECK_AFTER_MINUTES,
  LOW_GLUCOSE_BELOW_MGDL,
  lowSteps,
  whose as whoseRecord,
} from '@healthfolio/core';

export interface ReadingFacts {
  valueMgdl: number;
  readingAt: Date;
  unit: GlucoseUnit;
  timeZone: string;
  /** Set for a person kept by guardians: the notices are read by them and name the person. */
  personName?: string;
}

/** "your" for the person themselves, "Mia's" for their guardians. */
const whose = (f: ReadingFacts) => (f.personName ? `${f.personName}'s` : 'your');
const Whose = (f: ReadingFacts) => (f.personName ? `${f.personName}'s` : 'Your');

const time = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone }).format(at);
const reading = (f: ReadingFacts) =>
  `${formatGlucoseWithUnit(f.valueMgdl, f.unit)} at ${time(f.readingAt, f.timeZone)}`;
/** "45 mg/dL (Urgent low) at 9:05 PM": the level in core's words, as every screen labels it. */
const readingWithLevel = (f: ReadingFacts) =>
  `${formatGlucoseWithUnit(f.valueMgdl, f.unit)} (${glucoseLevel(f.valueMgdl).word}) at ${time(f.readingAt, f.timeZone)}`;

/** The user's own notifications of a follow-up: in their unit and time zone (stored, never logged). */
export const hypoMessages = {
  alert: (f: ReadingFacts, urgent: boolean) => ({
    title: f.personName
      ? `${f.personName}'s glucose is ${urgent ? 'urgently low' : 'low'}`
      : `${(urgent ? GLUCOSE_LEVELS.very_low : GLUCOSE_LEVELS.low).word} glucose`,
    // For a ward the guardians read what to do for her: "Give Mia 15 g ...".
    content: `${Whose(f)} glucose was ${readingWithLevel(f)}. ${lowSteps(urgent, whoseRecord(f.personName))}`,
    priority: urgent ? ('urgent' as const) : ('high' as const),
    type: 'alert' as const,
  }),
  recheck: (f: ReadingFacts) => ({
    title: `Re-check ${whose(f)} glucose`,
    content: `${HYPO_RECHECK_AFTER_MINUTES} minutes have passed since ${whose(f)} low reading (${reading(f)}). Check ${whose(f)} glucose now and log it.`,
    priority: 'high' as const,
    type: 'reminder' as const,
  }),
  escalated: (f: ReadingFacts) => ({
    title: f.personName ? `${f.personName}'s low glucose is not resolved` : 'Low glucose not resolved',
    content: `No reading at or above ${formatGlucoseWithUnit(LOW_GLUCOSE_BELOW_MGDL, f.unit)} has come in since ${whose(f)} low reading (${reading(f)}). Treat it again and re-check; get help if you need it.`,
    priority: 'urgent' as const,
    type: 'alert' as const,
  }),
  /** To a caregiver the user chose for alerts: who, the value and the time, as the issue asks. */
  caregiver: (ownerName: string, f: ReadingFacts) => ({
    title: `Urgent: ${ownerName} has low glucose`,
    content: `${ownerName}'s glucose was ${readingWithLevel(f)} and has not come back up after ${HYPO_ESCALATE_AFTER_MINUTES} minutes. Please check on them.`,
  }),
};
