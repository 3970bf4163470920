import type { GlucoseUnit } from '../profiles/profile.schema';
import { formatGlucoseWithUnit } from '../units/glucose-units';

/**
 * The built-in analyst: without a language model, it answers the questions it can from the user's
 * computed figures, names the window it used, and says plainly what it cannot do. It never invents a
 * value: a figure with no data behind it is reported as missing.
 */
export type AnalystTopic =
  | 'glucose-average'
  | 'time-in-range'
  | 'lows-highs'
  | 'blood-pressure'
  | 'weight'
  | 'streak'
  | 'adherence'
  | 'patterns'
  | 'appointments';

export interface AnalystIntent {
  topics: AnalystTopic[];
  days: number;
  /** The window in words as the user will read it ("the last 7 days"). */
  windowLabel: string;
}

export const ANALYST_SOURCE = 'built-in analyst';
const MAX_DAYS = 90;

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, six: 6, twelve: 12 };
const num = (s: string) => NUMBER_WORDS[s.toLowerCase()] ?? Number(s);

/** The window a question names; a month is 30 days, a quarter 90; the default is the last 7 days. */
export const questionWindow = (q: string): { days: number; windowLabel: string } => {
  const t = q.toLowerCase();
  const make = (days: number) => {
    const d = Math.min(MAX_DAYS, Math.max(1, Math.round(days)));
    return { days: d, windowLabel: d === 1 ? 'the last 24 hours' : `the last ${d} days` };
  };
  const m = /(\d{1,3}|one|two|three|four|six|twelve)\s*(day|week|month)s?/.exec(t);
  if (m) return make(num(m[1]!) * (m[2] === 'day' ? 1 : m[2] === 'week' ? 7 : 30));
  if (/\b(today|24 hours)\b/.test(t)) return make(1);
  if (/\bquarter\b/.test(t)) return make(90);
  const unit = /\b(week|fortnight|month|year)\b/.exec(t)?.[1] as 'week' | undefined;
  if (unit) return make({ week: 7, fortnight: 14, month: 30, year: MAX_DAYS }[unit]);
  return make(7);
};

const TOPIC_WORDS: [AnalystTopic, RegExp][] = [
  ['time-in-range', /time in range|\btir\b|in range/],
  ['lows-highs', /\b(lows?|highs?|hypo\w*|hyper\w*|below|above)\b/],
  ['glucose-average', /\b(glucose|sugar|bg|average|mean)\b/],
  ['blood-pressure', /blood pressure|\bbp\b|systolic|diastolic/],
  ['weight', /\bweigh/],
  ['streak', /\bstreak|logging|logged|consisten/],
  ['adherence', /adherence|medication|\bmeds?\b|doses?|pills?|consisten/],
  ['patterns', /pattern|trend|dawn|spike/],
  ['appointments', /appointment|visit|doctor|endo\w*/],
];

export const analystIntent = (question: string): AnalystIntent => {
  const t = question.toLowerCase();
  let topics = TOPIC_WORDS.filter(([, re]) => re.test(t)).map(([topic]) => topic);
  // "Blood pressure average" is not a glucose question; "time in range" already covers the mean.
  if (topics.includes('blood-pressure') && !/glucose|sugar/.test(t))
    topics = topics.filter((x) => x !== 'glucose-average');
  return { topics, ...questionWindow(question) };
};

export interface AnalystMetrics {
  unit: GlucoseUnit;
  days: number;
  windowLabel: string;
  /** The window's first and last calendar days in the user's zone ("Nov 17 – Nov 24"). */
  windowDates: string;
  glucose: {
    count: number;
    mean: number | null;
    percentInRange: number | null;
    percentBelow70: number | null;
    percentAbove180: number | null;
  };
  bloodPressure: { count: number; systolic: number | null; diastolic: number | null };
  weight: { count: number; first: number | null; latest: number | null; unit: string | null };
  streak: { current: number; longest: number; entriesInWindow: number };
  adherence: { taken: number; skipped: number; missed: number };
  patterns: { title: string; confidenceLabel: string; description: string }[];
  /** Pattern analysis always covers 30 days of readings (spec). */
  patternReadings: number;
  appointments: { provider: string; when: string; reason: string | null }[];
}

const round = (n: number) => Math.round(n);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const SENTENCES: Record<AnalystTopic, (m: AnalystMetrics) => string> = {
  'glucose-average': (m) =>
    m.glucose.count && m.glucose.mean !== null
      ? `Your average glucose over ${m.windowLabel} (${m.windowDates}) was ${formatGlucoseWithUnit(m.glucose.mean, m.unit)}, from ${plural(m.glucose.count, 'reading')}.`
      : `You have no glucose readings in ${m.windowLabel} (${m.windowDates}), so there is no average to report.`,
  'time-in-range': (m) =>
    m.glucose.count && m.glucose.percentInRange !== null
      ? `Over ${m.windowLabel} (${m.windowDates}), ${round(m.glucose.percentInRange)}% of your ${plural(m.glucose.count, 'glucose reading')} were in range (70–180 mg/dL).`
      : `You have no glucose readings in ${m.windowLabel}, so time in range cannot be computed.`,
  'lows-highs': (m) =>
    m.glucose.count && m.glucose.percentBelow70 !== null && m.glucose.percentAbove180 !== null
      ? `Over ${m.windowLabel} (${m.windowDates}), ${round(m.glucose.percentBelow70)}% of your readings were below 70 mg/dL and ${round(m.glucose.percentAbove180)}% above 180 mg/dL.`
      : `You have no glucose readings in ${m.windowLabel}, so lows and highs cannot be counted.`,
  'blood-pressure': (m) =>
    m.bloodPressure.count
      ? `Your average blood pressure over ${m.windowLabel} (${m.windowDates}) was ${m.bloodPressure.systolic === null ? '–' : round(m.bloodPressure.systolic)}/${m.bloodPressure.diastolic === null ? '–' : round(m.bloodPressure.diastolic)} mmHg, from ${plural(m.bloodPressure.count, 'entry', 'entries')}.`
      : `You have no blood pressure entries in ${m.windowLabel}.`,
  weight: (m) =>
    m.weight.count && m.weight.latest !== null
      ? `Your latest weight in ${m.windowLabel} was ${m.weight.latest} ${m.weight.unit}${m.weight.count > 1 && m.weight.first !== null ? `, ${m.weight.latest - m.weight.first >= 0 ? 'up' : 'down'} ${Math.abs(Math.round((m.weight.latest - m.weight.first) * 10) / 10)} ${m.weight.unit} from your first entry in that window` : ''} (${plural(m.weight.count, 'entry', 'entries')}).`
      : `You have no weight entries in ${m.windowLabel}.`,
  streak: (m) =>
    `Your current logging streak is ${plural(m.streak.current, 'day')} (longest ${plural(m.streak.longest, 'day')}), with ${plural(m.streak.entriesInWindow, 'entry', 'entries')} logged in ${m.windowLabel}.`,
  adherence: (m) => {
    const due = m.adherence.taken + m.adherence.skipped + m.adherence.missed;
    return due
      ? `Medication adherence over ${m.windowLabel}: ${m.adherence.taken} of ${plural(due, 'dose')} taken (${round((100 * m.adherence.taken) / due)}%), ${m.adherence.skipped} skipped, ${m.adherence.missed} missed.`
      : `No medication doses were due in ${m.windowLabel}.`;
  },
  patterns: (m) =>
    m.patterns.length
      ? `From ${plural(m.patternReadings, 'glucose reading')} over the last 30 days: ${m.patterns.map((p) => `${p.title} (${p.confidenceLabel} confidence): ${p.description}`).join(' ')}`
      : `No glucose patterns were detected in the last 30 days (${plural(m.patternReadings, 'reading')} analysed).`,
  appointments: (m) =>
    m.appointments.length
      ? `Your upcoming appointments: ${m.appointments.map((a) => `${a.provider} on ${a.when}${a.reason ? ` (${a.reason})` : ''}`).join('; ')}.`
      : 'You have no upcoming appointments.',
};

export const NOT_CONFIGURED_NOTE =
  'A language model is not configured on this server, so I can only answer from your own computed figures: average glucose, time in range, lows and highs, blood pressure, weight, logging streak, medication adherence, glucose patterns and upcoming appointments (for today, this week, this month or up to 90 days).';

/** The analyst's whole reply: the figures it can compute, or what it can answer instead. */
export const analystAnswer = (intent: AnalystIntent, metrics: AnalystMetrics): string => {
  if (!intent.topics.length) return `${NOT_CONFIGURED_NOTE} Please ask about one of those.`;
  const lines = intent.topics.map((t) => SENTENCES[t](metrics)).filter(Boolean);
  if (intent.topics.includes('appointments'))
    lines.push('Suggesting questions for your visit needs a language model, which is not configured here.');
  return `${[...new Set(lines)].join('\n\n')}\n\nThese figures come from your own data; for medical advice, please talk to your care team.`;
};
