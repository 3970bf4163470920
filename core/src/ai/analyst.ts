import { percentText } from '../glucose/band-display';
import type { GlucoseUnit } from '../profiles/profile.schema';
import { countNumber, countOf } from '../text/count-words';
import { OWN_RECORD, type Whose } from '../text/whose';
import { BLOOD_PRESSURE_CATEGORY_TEXT, bloodPressureCategory } from '../trackers/blood-pressure-category';
import { formatGlucose, formatGlucoseWithUnit } from '../units/glucose-units';
import type { AnalystIntent, AnalystMetric, GlucoseAspect } from './analyst-intent';
import type { EmergencyFinding } from './emergency';
import { emergencyAnswer } from './emergency-words';

/**
 * The built-in analyst: without a language model, it answers the questions it can from the user's
 * computed figures, names the window it used, compares them with the published targets where there
 * are some, and says plainly what it cannot do. It never invents a value: a figure with no data behind
 * it is reported as missing. A question that signals an emergency gets the safety answer first.
 * While a guardian acts for a ward, every sentence about the data names the ward ("Mia’s average
 * glucose", "Mia has no weight entries") and still addresses the guardian.
 */
export const ANALYST_SOURCE = 'built-in analyst';

/** Battelino 2019 consensus targets for most adults with diabetes. */
const TARGETS = { inRangeAbove: 70, below70Under: 4, above180Under: 25 } as const;

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
    /** Readings below 70 and below 54, above 180 and above 250 mg/dL (the consensus band edges). */
    counts: { below70: number; below54: number; above180: number; above250: number };
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
const range = (m: AnalystMetrics) => `${formatGlucose(70, m.unit)}–${formatGlucoseWithUnit(180, m.unit)}`;
const noGlucose = (m: AnalystMetrics, w: Whose, what: string) =>
  `${w.You} ${w.verb('have', 'has')} no glucose readings in ${m.windowLabel} (${m.windowDates}), so ${what}.`;

/** "28 of your 1,884 readings were below 70 mg/dL (1%), 5 of them below 54 mg/dL": a count, its share, and the extreme band within it. */
const counted = (
  m: AnalystMetrics,
  w: Whose,
  side: 'below' | 'above',
  n: number,
  edge: number,
  extreme: number,
  extremeEdge: number,
) => {
  const share = (100 * n) / m.glucose.count;
  const of = n
    ? `, ${countNumber(extreme)} of them ${side} ${formatGlucoseWithUnit(extremeEdge, m.unit)}`
    : '';
  return `In ${m.windowLabel} (${m.windowDates}), ${countNumber(n)} of ${w.your} ${countOf(m.glucose.count, 'reading')} ${n === 1 ? 'was' : 'were'} ${side} ${formatGlucoseWithUnit(edge, m.unit)} (${percentText(share, round(share))})${of}.`;
};

const GLUCOSE: Record<GlucoseAspect, (m: AnalystMetrics, w: Whose) => string> = {
  average: (m, w) =>
    m.glucose.count && m.glucose.mean !== null
      ? `${w.Your} average glucose over ${m.windowLabel} (${m.windowDates}) was ${formatGlucoseWithUnit(m.glucose.mean, m.unit)}, from ${countOf(m.glucose.count, 'reading')}.`
      : noGlucose(m, w, 'there is no average to report'),
  'time-in-range': (m, w) => {
    const p = m.glucose.percentInRange;
    if (!m.glucose.count || p === null) return noGlucose(m, w, 'time in range cannot be computed');
    const verdict = `${w.you} ${p > TARGETS.inRangeAbove ? w.verb('meet', 'meets') : `${w.verb('are', 'is')} below`} it`;
    const shown = percentText(p, round(p), { comparison: 'greater_than', percent: TARGETS.inRangeAbove });
    return `Over ${m.windowLabel} (${m.windowDates}), ${shown} of ${w.your} ${countOf(m.glucose.count, 'glucose reading')} were in range (${range(m)}); the consensus target for most adults with diabetes is more than ${TARGETS.inRangeAbove}%, so ${verdict}.`;
  },
  'lows-highs': (m, w) => {
    const { percentBelow70: lo, percentAbove180: hi } = m.glucose;
    if (!m.glucose.count || lo === null || hi === null)
      return noGlucose(m, w, 'lows and highs cannot be counted');
    const loText = percentText(lo, round(lo), { comparison: 'less_than', percent: TARGETS.below70Under });
    const hiText = percentText(hi, round(hi), { comparison: 'less_than', percent: TARGETS.above180Under });
    return `Over ${m.windowLabel} (${m.windowDates}), ${loText} of ${w.your} readings were below ${formatGlucoseWithUnit(70, m.unit)} (target: under ${TARGETS.below70Under}%) and ${hiText} above ${formatGlucoseWithUnit(180, m.unit)} (target: under ${TARGETS.above180Under}%).`;
  },
  'low-count': (m, w) => {
    const c = m.glucose.counts;
    return m.glucose.count
      ? counted(m, w, 'below', c.below70, 70, c.below54, 54)
      : noGlucose(m, w, 'there are no lows to count');
  },
  'high-count': (m, w) => {
    const c = m.glucose.counts;
    return m.glucose.count
      ? counted(m, w, 'above', c.above180, 180, c.above250, 250)
      : noGlucose(m, w, 'there are no highs to count');
  },
  patterns: (m) =>
    m.patterns.length
      ? `From ${countOf(m.patternReadings, 'glucose reading')} over the last 30 days: ${m.patterns.map((p) => `${p.title} (${p.confidenceLabel} confidence): ${p.description}`).join(' ')}`
      : `No glucose patterns were detected in the last 30 days (${countOf(m.patternReadings, 'reading')} analysed).`,
};

const bloodPressure = (m: AnalystMetrics, w: Whose) => {
  const { count, systolic, diastolic } = m.bloodPressure;
  if (!count || systolic === null || diastolic === null)
    return `${w.You} ${w.verb('have', 'has')} no blood pressure entries in ${m.windowLabel} (${m.windowDates}), so I cannot say how ${w.your} blood pressure compares with the normal range (below 120/80 mmHg).`;
  const category = BLOOD_PRESSURE_CATEGORY_TEXT[bloodPressureCategory(round(systolic), round(diastolic))];
  return `${w.Your} average blood pressure over ${m.windowLabel} (${m.windowDates}) was ${round(systolic)}/${round(diastolic)} mmHg, from ${countOf(count, 'entry', 'entries')}. In the ACC/AHA categories that is ${category.name} (${category.range}); normal is below 120/80 mmHg.`;
};

const METRIC: Record<Exclude<AnalystMetric, 'glucose' | 'bp'>, (m: AnalystMetrics, w: Whose) => string> = {
  weight: (m, w) =>
    m.weight.count && m.weight.latest !== null
      ? `${w.Your} latest weight in ${m.windowLabel} (${m.windowDates}) was ${m.weight.latest} ${m.weight.unit}${m.weight.count > 1 && m.weight.first !== null ? `, ${m.weight.latest - m.weight.first >= 0 ? 'up' : 'down'} ${Math.abs(Math.round((m.weight.latest - m.weight.first) * 10) / 10)} ${m.weight.unit} from ${w.your} first entry in that window` : ''} (${countOf(m.weight.count, 'entry', 'entries')}).`
      : `${w.You} ${w.verb('have', 'has')} no weight entries in ${m.windowLabel} (${m.windowDates}).`,
  streaks: (m, w) =>
    `${w.Your} current logging streak is ${countOf(m.streak.current, 'day')} (longest ${countOf(m.streak.longest, 'day')}), with ${countOf(m.streak.entriesInWindow, 'entry', 'entries')} logged in ${m.windowLabel}.`,
  medications: (m) => {
    const due = m.adherence.taken + m.adherence.skipped + m.adherence.missed;
    return due
      ? `Medication adherence over ${m.windowLabel} (${m.windowDates}): ${countNumber(m.adherence.taken)} of ${countOf(due, 'dose')} taken (${round((100 * m.adherence.taken) / due)}%), ${countNumber(m.adherence.skipped)} skipped, ${countNumber(m.adherence.missed)} missed.`
      : `No medication doses were due in ${m.windowLabel} (${m.windowDates}).`;
  },
  appointments: (m, w) =>
    (m.appointments.length
      ? `${w.Your} upcoming appointments: ${m.appointments.map((a) => `${a.provider} on ${a.when}${a.reason ? ` (${a.reason})` : ''}`).join('; ')}.`
      : `${w.You} ${w.verb('have', 'has')} no upcoming appointments.`) +
    ` Suggesting questions for ${w.your} visit needs a language model, which is not configured here.`,
};

/** What the analyst can answer, from whose figures. */
export const notConfiguredNote = (w: Whose = OWN_RECORD) =>
  `A language model is not configured on this server, so I can only answer from ${w.name ? w.your : 'your own'} computed figures: blood pressure, weight, glucose (average, time in range, lows and highs, patterns), medications, upcoming appointments and ${w.your} logging streak (for today, this week, this month or up to 90 days).`;
export const NOT_CONFIGURED_NOTE = notConfiguredNote();
const careTeam = (w: Whose) =>
  `These figures come from ${w.name ? w.your : 'your own'} data; for medical advice, please talk to ${w.your} care team.`;

/**
 * The analyst's whole reply: the safety answer first when the question signals an emergency, then the
 * figures of the metrics asked about, or, when it cannot tell, what it can answer instead. `w` says
 * whose record it is (the account's own unless a guardian acts for a ward).
 */
export const analystAnswer = (
  intent: AnalystIntent,
  metrics: AnalystMetrics,
  emergencies: EmergencyFinding[] = [],
  w: Whose = OWN_RECORD,
): string => {
  const safety = emergencies.length ? [emergencyAnswer(emergencies, w)] : [];
  if (intent.routes.includes('unknown'))
    return [
      ...safety,
      safety.length
        ? `${notConfiguredNote(w)} For anything else, please talk to ${w.your} care team.`
        : `I cannot answer that. ${notConfiguredNote(w)} Please ask about one of those.`,
    ].join('\n\n');
  const lines = intent.routes.flatMap((r) =>
    r === 'glucose'
      ? intent.glucose.map((a) => GLUCOSE[a](metrics, w))
      : r === 'bp'
        ? [bloodPressure(metrics, w)]
        : r === 'unknown'
          ? []
          : [METRIC[r](metrics, w)],
  );
  return [...safety, ...lines, careTeam(w)].join('\n\n');
};
