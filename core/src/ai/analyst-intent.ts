/**
 * What a question to the built-in analyst is about: the metrics it names (blood pressure, weight,
 * glucose, medications, appointments, streaks), or "unknown", and the window it names. A metric the
 * question names wins over words that merely sound like another ("Is my blood pressure too high?" is
 * a blood pressure question, not one about high glucose).
 */
export type AnalystMetric = 'bp' | 'weight' | 'glucose' | 'medications' | 'appointments' | 'streaks';
export type AnalystRoute = AnalystMetric | 'unknown';
export type GlucoseAspect =
  | 'average'
  | 'time-in-range'
  | 'lows-highs'
  | 'low-count'
  | 'high-count'
  | 'patterns';

export interface AnalystIntent {
  /** The metrics asked about, in the order of METRIC_WORDS; ['unknown'] when none. */
  routes: AnalystRoute[];
  /** For a glucose question, which of its figures. */
  glucose: GlucoseAspect[];
  days: number;
  /** The window in words as the user will read it ("the last 7 days"). */
  windowLabel: string;
}

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

const METRIC_WORDS: [AnalystMetric, RegExp][] = [
  ['bp', /blood pressure|\bbp\b|systolic|diastolic|hypertens\w*|mmhg/],
  ['weight', /\bweigh\w*|\bbmi\b|\bkg\b|\blbs?\b|\bpounds\b|\bkilos?\b/],
  [
    'glucose',
    /glucose|sugar|\bbgl?\b|\bcgm\b|time in range|\btir\b|\bhypo(?!thyroid)\w*|hyperglyc\w*|mg\/dl|mmol|\ba1c\b/,
  ],
  ['medications', /medication|\bmeds?\b|\bpills?\b|adherence|\bdoses?\b|\btablets?\b|prescri\w*/],
  ['appointments', /appointment|\bvisits?\b|\bdoctor\b|\bendo\w*|check-?ups?\b|\bgp\b/],
  ['streaks', /streak|\blog(s|ging|ged)?\b|consisten\w*/],
];

/** Words about glucose figures that name no metric: read as glucose only when nothing else is named. */
const GLUCOSE_ONLY_WORDS =
  /\b(lows?|highs?|average|mean|patterns?|trends?|spikes?|dawn|in range|readings?|levels?)\b/;

const ASPECT_WORDS: [GlucoseAspect, RegExp][] = [
  ['average', /\b(average|mean)\b/],
  ['time-in-range', /time in range|\btir\b|\bin range\b/],
  ['lows-highs', /\b(lows?|highs?|hypo\w*|hyper\w*|below|above)\b/],
  ['patterns', /\b(patterns?|trends?|dawn|spikes?)\b/],
];
/** "Is it too high?", "how am I doing": the average and how it compares with the targets. */
const JUDGEMENT = /\b(too|normal|ok|okay|good|bad|healthy|safe|doing|high|low|target|control(led)?)\b/;

export const analystIntent = (question: string): AnalystIntent => {
  const t = question.toLowerCase();
  let metrics = METRIC_WORDS.filter(([, re]) => re.test(t)).map(([metric]) => metric);
  if (!metrics.length && GLUCOSE_ONLY_WORDS.test(t)) metrics = ['glucose'];
  const glucose: GlucoseAspect[] = [];
  if (metrics.includes('glucose')) {
    for (const [aspect, re] of ASPECT_WORDS) if (re.test(t)) glucose.push(aspect);
    if (!glucose.length || JUDGEMENT.test(t)) {
      for (const a of ['average', 'time-in-range'] as const) if (!glucose.includes(a)) glucose.push(a);
    }
    countInstead(t, glucose);
    glucose.sort((a, b) => ASPECT_ORDER.indexOf(a) - ASPECT_ORDER.indexOf(b));
  }
  return { routes: metrics.length ? metrics : ['unknown'], glucose, ...questionWindow(question) };
};

const ASPECT_ORDER: GlucoseAspect[] = [
  'average',
  'time-in-range',
  'lows-highs',
  'low-count',
  'high-count',
  'patterns',
];

/** "How many readings below 70?" asks for a count: the lows and/or highs it names, counted. */
function countInstead(t: string, glucose: GlucoseAspect[]) {
  const at = glucose.indexOf('lows-highs');
  if (at < 0 || !/\b(how many|number of|count)\b/.test(t)) return;
  const lows = /\b(lows?|hypo\w*|below|under)\b/.test(t);
  const highs = /\b(highs?|hyper\w*|above|over)\b/.test(t);
  glucose.splice(
    at,
    1,
    ...(lows || !highs ? ['low-count' as const] : []),
    ...(highs ? ['high-count' as const] : []),
  );
}
