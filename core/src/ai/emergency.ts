import { glucoseLevel } from '../glucose/levels';
import type { GlucoseUnit } from '../profiles/profile.schema';
import {
  CRISIS_DIASTOLIC_MMHG,
  CRISIS_SYSTOLIC_MMHG,
  DIASTOLIC_MIN_MMHG,
  isCrisisPressure,
  SYSTOLIC_MIN_MMHG,
} from '../trackers/blood-pressure-category';
import { formatGlucoseWithUnit } from '../units/glucose-units';
import { GLUCOSE_SYMPTOM, glucoseValuesIn, KETOACIDOSIS_SIGN } from './glucose-mentions';
import { offScaleIn } from './off-scale';

/**
 * Emergency detection for a question to the assistant: an urgent symptom or a dangerous value gets
 * what to do now before any figure (DESIGN §10). It errs on the side of safety: a needless safety note
 * costs a line, a missed one can cost a life; words alone that merely sound alike ("chest day") do not
 * count.
 */
export type EmergencyKind =
  | 'low-glucose'
  | 'high-glucose'
  | 'chest-pain'
  | 'trouble-breathing'
  | 'fainting'
  | 'stroke'
  | 'blood-pressure';

export interface EmergencyFinding {
  kind: EmergencyKind;
  /** The value that triggered it, in words ("45 mg/dL", "185/95 mmHg", "LO"), when there is one. */
  value?: string;
  /** The value is a meter's or sensor's "LO" or "HI": beyond what it can measure (off-scale.ts). */
  offScale?: true;
  /** For a value read from the person's newest reading rather than the question: how long ago, in minutes. */
  minutesAgo?: number;
  /** A very high glucose with signs of ketoacidosis or ketones named: get help now, not today. */
  ketoacidosis?: boolean;
}

/** The person's newest glucose reading, as the server gives it to the assistant. */
export interface NewestReading {
  mgdl: number;
  minutesAgo: number;
}
/** The person's newest blood pressure entry. */
export interface NewestPressure {
  systolic: number;
  diastolic: number;
  minutesAgo: number;
}
/** What the server knows of where the person is now (each null when there is none recent enough). */
export interface CurrentReadings {
  glucose?: NewestReading | null;
  pressure?: NewestPressure | null;
}
/** A glucose reading this recent is where the person is now. */
export const CURRENT_READING_MINUTES = 30;
/**
 * A blood pressure entry this recent still says where the person is: pressures are measured now and
 * then, not every few minutes, and a crisis level rarely settles alone within a day (the AHA's advice
 * is to measure again and call the doctor), so a crisis reading logged today meets today's symptoms.
 */
export const CURRENT_PRESSURE_MINUTES = 24 * 60;
/** "What should I eat?", "what do I do", "help": a question about what to do now. */
const ASKS_WHAT_TO_DO =
  /\bwhat (should|can|do|must|shall) (i|we|she|he|they)\b.{0,20}\b(eat|drink|do|take|have)\b|\bwhat to (eat|drink|do|take)\b|\b(should|can|may) (i|we|she|he|they) (eat|drink|have)\b|\bhelp\b/;

/** Level 2 hypoglycaemia (Battelino 2019) and the very high glucose that needs help the same day. */
export const EMERGENCY_LOW_BELOW_MGDL = 54;
export const EMERGENCY_HIGH_ABOVE_MGDL = 300;
/** Ketones named ("ketones are high", "DKA"): with a glucose above 300 mg/dL, help now (ADA). */
const KETONES = /\bketones?\b|\bketo-?acidosis\b|\bdka\b/;
/**
 * The signs of organ damage that make a crisis-level pressure an emergency (AHA, "Hypertensive
 * crisis: when you should call 911 for high blood pressure", heart.org): chest pain, shortness of
 * breath, back pain, numbness or weakness, a change in vision, difficulty speaking; a severe headache
 * too (AHA lists it with a crisis reading).
 */
const PRESSURE_CRISIS_SIGN =
  /\bhead ?aches?\b|\bmigraine\b|\b(blurr(y|ed)|double|lost|losing|changes? in( my| her| his| their)?|changed?|dim|strange) vision\b|\bvision (is |has |went )?(blurr(y|ed)|changed?|double|dim|gone|changing)\b|\bcan'?t see\b|\b(weak|weakness|numb|numbness)\b|\bback (pain|hurts?)\b|\b(trouble|difficulty) (speaking|talking)\b|\bconfus(ed|ion)\b/;

const SYMPTOMS: [EmergencyKind, RegExp][] = [
  [
    'chest-pain',
    /\bchest (pains?|tightness|pressure|hurts?|is (hurting|tight))\b|\b(pain|pressure|tightness) in (my |the )?chest\b|\bheart attack\b|\btight chest\b/,
  ],
  [
    'trouble-breathing',
    /\b(trouble|difficulty|problems?|hard|struggling) (to )?breath(e|ing)\b|\b(can ?not|can't|cant|unable to) (breathe|catch my breath)\b|\bshort(ness)? of breath\b|\bbreathless\b|\bgasping\b/,
  ],
  [
    'fainting',
    /\bfaint(ed|ing)?\b|\bpass(ed|ing)? out\b|\bblack(ed)? out\b|\blost consciousness\b|\bunconscious\b|\bunresponsive\b|\bcollapsed\b|\bseizures?\b/,
  ],
  [
    'stroke',
    /\bstroke\b|\bface (is )?droop\w*|\bdrooping (face|mouth|eyelid)|\bslurr(ed|ing)( speech| words)?\b|\b(arm|leg|face|one side)\b.{0,25}\b(weak|weakness|numb|numbness)\b|\b(weak|weakness|numb|numbness)\b.{0,25}\b(one side|arm|leg|face)\b|\bcan'?t (speak|talk|lift my arm)\b/,
  ],
];

/** Blood pressures a question names ("185/95", "180 over 120", "systolic 190", "diastolic 125"). */
const crisisPressure = (t: string): string | null => {
  for (const m of t.matchAll(/(?<![\d/.])(\d{2,3})\s*(?:\/|over)\s*(\d{2,3})(?![\d/])/g)) {
    const sys = Number(m[1]);
    const dia = Number(m[2]);
    // "11/24" is a date: a pressure has a systolic above its diastolic and both in a body's range.
    if (sys < SYSTOLIC_MIN_MMHG || dia < DIASTOLIC_MIN_MMHG || sys <= dia) continue;
    if (isCrisisPressure(sys, dia)) return `${sys}/${dia} mmHg`;
  }
  const sys = /\b(?:systolic|top number)\D{0,15}(\d{2,3})\b/.exec(t);
  if (sys && Number(sys[1]) >= CRISIS_SYSTOLIC_MMHG) return `a systolic of ${sys[1]} mmHg`;
  const dia = /\b(?:diastolic|bottom number)\D{0,15}(\d{2,3})\b/.exec(t);
  if (dia && Number(dia[1]) >= CRISIS_DIASTOLIC_MMHG) return `a diastolic of ${dia[1]} mmHg`;
  return null;
};

/**
 * A high is an emergency when it is above EMERGENCY_HIGH_ABOVE_MGDL, or at the consensus "Very high"
 * level (above 250 mg/dL, core's glucose levels) with signs of ketoacidosis: the ADA says to check
 * ketones above 240 mg/dL and to get help at once with DKA's signs.
 */
const emergencyHigh = (mgdl: number, ketoacidosis: boolean) =>
  mgdl > EMERGENCY_HIGH_ABOVE_MGDL || (ketoacidosis && glucoseLevel(mgdl).id === 'very_high');

/** Symptoms that are also signs of organ damage with a crisis-level pressure. */
const PRESSURE_SIGN_KINDS = new Set<EmergencyKind>(['chest-pain', 'trouble-breathing', 'stroke']);

/** Findings in the order they are answered: a low first (treat it now), then a crisis pressure met by its signs. */
const rank = (f: EmergencyFinding, pressureSigns: boolean) => {
  if (f.kind === 'low-glucose') return 0;
  if (f.kind === 'blood-pressure') return pressureSigns ? 1 : 9;
  if (f.kind === 'high-glucose') return f.ketoacidosis ? 2 : 8;
  return 3 + SYMPTOMS.findIndex(([kind]) => kind === f.kind);
};

/**
 * The emergencies a question signals, most urgent first; empty when it signals none. The question's
 * own values count whatever it asks (a low below 54, a high above 300 or above 250 with signs of
 * ketoacidosis, a meter's or sensor's "LO" or "HI", a crisis pressure); the person's newest readings count when the question meets them:
 * - a glucose from the last CURRENT_READING_MINUTES urgently low, with a what-to-do question or a
 *   symptom of a low or a high;
 * - one above 300 with a what-to-do question or ketones named, or "Very high" (above 250) with signs
 *   of ketoacidosis (ADA);
 * - a crisis-level pressure from the last CURRENT_PRESSURE_MINUTES with chest pain, shortness of
 *   breath, a headache, a change in vision, weakness or numbness (AHA).
 * A value in the question wins over the newest reading: it is the one the person is reporting.
 */
export const detectEmergencies = (
  question: string,
  userUnit: GlucoseUnit,
  now: CurrentReadings = {},
): EmergencyFinding[] => {
  const t = question.toLowerCase().replace(/[’‘]/g, "'");
  const found: EmergencyFinding[] = [];
  for (const [kind, re] of SYMPTOMS) if (re.test(t)) found.push({ kind });
  const glucose = glucoseValuesIn(t, userUnit);
  // A meter's "LO" or "HI" is beyond any figure typed beside it: it wins as the value reported.
  const offScale = offScaleIn(question);
  const asks = ASKS_WHAT_TO_DO.test(t);
  const dka = KETOACIDOSIS_SIGN.test(t) || KETONES.test(t);
  const low = glucose.filter((v) => v < EMERGENCY_LOW_BELOW_MGDL);
  const high = glucose.filter((v) => emergencyHigh(v, dka));
  const newest = now.glucose && now.glucose.minutesAgo <= CURRENT_READING_MINUTES ? now.glucose : null;
  const ofNewest = (mgdl: number) => ({
    value: formatGlucoseWithUnit(mgdl, userUnit),
    minutesAgo: newest?.minutesAgo,
  });
  if (offScale.includes('LO')) found.push({ kind: 'low-glucose', value: 'LO', offScale: true });
  else if (low.length)
    found.push({ kind: 'low-glucose', value: formatGlucoseWithUnit(Math.min(...low), userUnit) });
  else if (newest && newest.mgdl < EMERGENCY_LOW_BELOW_MGDL && (asks || GLUCOSE_SYMPTOM.test(t)))
    found.push({ kind: 'low-glucose', ...ofNewest(newest.mgdl) });
  if (offScale.includes('HI'))
    found.push({ kind: 'high-glucose', value: 'HI', offScale: true, ...(dka ? { ketoacidosis: true } : {}) });
  else if (high.length) {
    const value = formatGlucoseWithUnit(Math.max(...high), userUnit);
    found.push({ kind: 'high-glucose', value, ...(dka ? { ketoacidosis: true } : {}) });
  } else if (
    newest &&
    !glucose.length &&
    !offScale.length &&
    ((newest.mgdl > EMERGENCY_HIGH_ABOVE_MGDL && (asks || KETONES.test(t))) ||
      (glucoseLevel(newest.mgdl).id === 'very_high' && KETOACIDOSIS_SIGN.test(t)))
  )
    found.push({ kind: 'high-glucose', ...ofNewest(newest.mgdl), ...(dka ? { ketoacidosis: true } : {}) });
  const signs = PRESSURE_CRISIS_SIGN.test(t) || found.some((f) => PRESSURE_SIGN_KINDS.has(f.kind));
  const pressure = crisisPressure(t);
  const p = now.pressure;
  if (pressure) found.push({ kind: 'blood-pressure', value: pressure });
  else if (
    p &&
    p.minutesAgo <= CURRENT_PRESSURE_MINUTES &&
    signs &&
    isCrisisPressure(p.systolic, p.diastolic)
  )
    found.push({
      kind: 'blood-pressure',
      value: `${p.systolic}/${p.diastolic} mmHg`,
      minutesAgo: p.minutesAgo,
    });
  return found
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f, signs) - rank(b.f, signs) || a.i - b.i)
    .map(({ f }) => f);
};
