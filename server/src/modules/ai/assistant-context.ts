import {
  AI_LIMITS,
  type AnalystMetrics,
  countOf,
  type EntryResponse,
  formatGlucoseWithUnit,
  OWN_RECORD,
  SAFETY_RULE,
  type Whose,
} from '@healthfolio/core';
import type { Database } from '../../db/database';
import { entryLine, recentEntries, type UserSettings, windowMetrics } from './health-metrics.service';

/**
 * Whose records these are. A guardian acting for a ward asks about the ward's record: the model is
 * told the data is the ward's, to name them ("Mia’s average glucose") and to speak to the guardian.
 */
const whoseRecords = (w: Whose) =>
  w.name
    ? `The user is a guardian acting for ${w.name} in their household: every record, figure and reading below is ${w.your}, not the user's. Speak to the user (the guardian) and name ${w.name} whenever you speak of the data ("${w.your} average glucose", "${w.your} newest reading"); never call it "your" data or "your" readings. You help the user understand ${w.your} health records.
You are not a doctor: you do not diagnose, prescribe or change treatment; for medical decisions the user should talk to ${w.your} care team.`
    : `You help the user understand their own health records.
You are not a doctor: you do not diagnose, prescribe or change treatment; for medical decisions the user should talk to their care team.`;

export const systemPrompt = (
  w: Whose = OWN_RECORD,
) => `You are Healthfolio's health assistant. ${whoseRecords(w)}
${SAFETY_RULE}
Tell the user to seek care promptly when something sounds urgent: call emergency services for chest pain, trouble breathing, signs of a stroke (face drooping, arm weakness, slurred speech), fainting or severe confusion, or a glucose below 54 mg/dL (3.0 mmol/L) that does not come up with treatment; contact their doctor the same day for glucose repeatedly above 250 mg/dL (13.9 mmol/L), especially with ketones, vomiting or unusual thirst, for blood pressure at or above 180/120 mmHg, or for any new, severe or worsening symptom.
Use only the figures in the context below or returned by the functions you may call. When you cite a figure, name it with its unit and the window it covers (for example "average glucose 132 mg/dL over the last 7 days, Nov 17 – Nov 24") so the user can check it on the matching screen. Answer about the measure the user asked about (a blood pressure question gets blood pressure figures, not glucose), and compare it with the published thresholds where there are some (ACC/AHA categories for blood pressure; time in range above 70% for glucose). If a figure is not available, say so; never invent values.`;

const pct = (v: number | null) => (v === null ? 'n/a' : `${Math.round(v)}%`);

const metricsLines = (m: AnalystMetrics) => {
  const g = m.glucose;
  return [
    `Window: ${m.windowLabel} (${m.windowDates})`,
    g.count && g.mean !== null
      ? `Glucose: ${countOf(g.count, 'reading')}, mean ${formatGlucoseWithUnit(g.mean, m.unit)}, in range 70-180 mg/dL ${pct(g.percentInRange)}, below 70 ${pct(g.percentBelow70)}, above 180 ${pct(g.percentAbove180)}`
      : 'Glucose: no readings',
    m.bloodPressure.count
      ? `Blood pressure: ${countOf(m.bloodPressure.count, 'entry', 'entries')}, mean ${Math.round(m.bloodPressure.systolic ?? 0)}/${Math.round(m.bloodPressure.diastolic ?? 0)} mmHg`
      : 'Blood pressure: no entries',
    m.weight.count
      ? `Weight: ${countOf(m.weight.count, 'entry', 'entries')}, latest ${m.weight.latest} ${m.weight.unit}, first in window ${m.weight.first} ${m.weight.unit}`
      : 'Weight: no entries',
    `Medication doses: ${m.adherence.taken} taken, ${m.adherence.skipped} skipped, ${m.adherence.missed} missed`,
  ].join('\n');
};

export interface AssistantContext {
  text: string;
  entries: EntryResponse[];
}

/**
 * What the model is told about the person whose record it is (the user, or the ward a guardian acts
 * for: then named throughout): figures computed on the server for 7 and 90 days, the
 * streak, patterns and appointments, and — when it cannot call functions — the last 90 days of
 * entries (at most 200), one line each.
 */
export const buildAssistantContext = async (
  db: Database,
  userId: string,
  settings: UserSettings,
  withEntries: boolean,
  w: Whose = OWN_RECORD,
): Promise<AssistantContext> => {
  const [week, quarter] = await Promise.all([
    windowMetrics(db, userId, 7, settings, w),
    windowMetrics(db, userId, AI_LIMITS.contextDays, settings, w),
  ]);
  const entries = withEntries
    ? await recentEntries(db, userId, AI_LIMITS.contextDays, AI_LIMITS.contextEntries)
    : [];
  const now = new Date();
  const parts = [
    `Today: ${now.toISOString().slice(0, 10)}; ${w.name ? `${w.your}` : "the user's"} time zone: ${settings.timeZone}; glucose unit: ${settings.unit}.`,
    `## Last 7 days\n${metricsLines(week)}`,
    `## Last 90 days\n${metricsLines(quarter)}`,
    `Logging streak: current ${week.streak.current} days, longest ${week.streak.longest} days.`,
    `Glucose patterns (last 30 days, ${week.patternReadings} readings): ${
      week.patterns.map((p) => `${p.title} (${p.confidenceLabel}): ${p.description}`).join(' ') ||
      'none detected'
    }`,
    `Upcoming appointments: ${week.appointments.map((a) => `${a.provider} on ${a.when}`).join('; ') || 'none'}`,
  ];
  if (withEntries)
    parts.push(
      `## Entries, last 90 days, newest first (${entries.length}${entries.length === AI_LIMITS.contextEntries ? ', the most recent 200' : ''})\n${entries.map((e) => entryLine(e, settings.timeZone)).join('\n')}`,
    );
  else
    parts.push(
      'Individual entries are not listed here: call the functions for entries, other windows or details.',
    );
  const heading = w.name ? `# ${w.your} data (the user acts for ${w.name})` : "# The user's data";
  return { text: `${systemPrompt(w)}\n\n${heading}\n${parts.join('\n\n')}`, entries };
};
