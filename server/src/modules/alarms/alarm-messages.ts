import {
  formatGlucoseWithUnit,
  GLUCOSE_ALARM_LABELS,
  type GlucoseAlarmKind,
  type GlucoseUnit,
  glucoseLevel,
  lowSteps,
  whose,
} from '@healthfolio/core';

export interface AlarmFacts {
  kind: GlucoseAlarmKind;
  personName: string;
  /** A person kept by guardians (households): their own notices are read by the guardians. */
  kept?: boolean;
  valueMgdl: number | null;
  readingAt: Date | null;
  predictedMgdl?: number | null;
  unit: GlucoseUnit;
  timeZone: string;
}

const time = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone }).format(at);

/** What any lock screen may show: whose alarm and which, never a value. */
const shortBody: Record<GlucoseAlarmKind, string> = {
  urgent_low: 'Glucose is urgently low. Treat it now.',
  low: 'Glucose is low. Treat it and re-check.',
  high: 'Glucose is high.',
  urgent_high: 'Glucose is very high. Check for ketones if you can.',
  rising_fast: 'Glucose is rising fast.',
  falling_fast: 'Glucose is falling fast.',
  predicted_low: 'Glucose may be urgently low within 20 minutes (an estimate). Act now.',
  stale: 'No glucose readings have arrived for a while. Check the sensor and its connection.',
};

/** Lows come with what to do now, said to whoever reads them ("Take 15 g…", or "Give Mia 15 g…"). */
const URGENT_STEPS: Partial<Record<GlucoseAlarmKind, boolean>> = {
  urgent_low: true,
  low: false,
  predicted_low: false,
};

/**
 * Who reads a message: the person themselves ("Your glucose was…") or someone looking after them
 * ("Mia's glucose was…"). A person kept by guardians is read about by them, so is always named.
 */
export type AlarmReader = 'person' | 'others';
const speaksTo = (f: AlarmFacts, reader: AlarmReader) => reader === 'person' && !f.kept;

/** The value, its level word and when, in the person's unit and time zone (stored, never logged). */
const detail = (f: AlarmFacts, reader: AlarmReader) => {
  const own = speaksTo(f, reader);
  if (f.kind === 'stale' || f.valueMgdl === null || !f.readingAt)
    return f.readingAt
      ? `${own ? 'Your last reading' : `The last reading of ${f.personName}`} arrived at ${time(f.readingAt, f.timeZone)}.`
      : 'No reading has arrived.';
  const reading = `${formatGlucoseWithUnit(f.valueMgdl, f.unit)} (${glucoseLevel(f.valueMgdl).word}) at ${time(f.readingAt, f.timeZone)}`;
  const estimate =
    f.kind === 'predicted_low' && f.predictedMgdl != null
      ? ` At this rate it may be about ${formatGlucoseWithUnit(Math.max(f.predictedMgdl, 0), f.unit)} in 20 minutes; this is an estimate from the last 30 minutes.`
      : '';
  return `${own ? 'Your' : `${f.personName}'s`} glucose was ${reading}.${estimate}`;
};

/**
 * A raised alarm: to the person, the alarm ("Very high: your glucose…"); to others, the title names
 * the person too ("Urgent low: Mia").
 */
export const alarmMessage = (f: AlarmFacts, reader: AlarmReader) => {
  const label = GLUCOSE_ALARM_LABELS[f.kind];
  const title = speaksTo(f, reader) ? label : `${label}: ${f.personName}`;
  const urgent = URGENT_STEPS[f.kind];
  const then =
    urgent === undefined ? '' : ` ${lowSteps(urgent, whose(speaksTo(f, reader) ? null : f.personName))}`;
  return {
    title,
    lockScreen: shortBody[f.kind],
    content: `${detail(f, reader)}${then}`,
    urgent: f.kind === 'urgent_low' || f.kind === 'predicted_low',
  };
};

/** An urgent low nobody acknowledged in 15 minutes, to caregivers and guardians. */
export const escalationMessage = (f: AlarmFacts) => ({
  title: `Urgent low: ${f.personName}`,
  lockScreen: `${f.personName}'s urgent low alarm has not been answered for 15 minutes. Please check on them.`,
  content: `${detail(f, 'others')} Nobody has acknowledged the alarm for 15 minutes. Please check on ${f.personName} now.`,
});

/** After a snooze: replaces the alarm on every device, quietly. */
export const snoozedMessage = (
  kind: GlucoseAlarmKind,
  personName: string,
  by: string,
  until: Date,
  timeZone: string,
) => ({
  title: `${GLUCOSE_ALARM_LABELS[kind]}: ${personName}`,
  body: `Snoozed by ${by} until ${time(until, timeZone)}.`,
});
