import type { GlucoseUnit } from '../profiles/profile.schema';
import { countOf } from '../text/count-words';
import {
  CRISIS_DIASTOLIC_MMHG,
  CRISIS_PRESSURE_STEPS,
  CRISIS_SYSTOLIC_MMHG,
  crisisPressureHeadline,
  DIASTOLIC_MIN_MMHG,
  isCrisisPressure,
  SYSTOLIC_MIN_MMHG,
} from '../trackers/blood-pressure-category';
import { formatGlucoseWithUnit } from '../units/glucose-units';
import { GLUCOSE_SYMPTOM, glucoseValuesIn } from './glucose-mentions';

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
  /** The value that triggered it, in words ("45 mg/dL", "185/95 mmHg"), when there is one. */
  value?: string;
  /** For a low read from the person's newest reading rather than the question: how long ago, in minutes. */
  minutesAgo?: number;
}

/** The person's newest glucose reading, as the server gives it to the assistant. */
export interface NewestReading {
  mgdl: number;
  minutesAgo: number;
}
/** A reading this recent is where the person is now. */
export const CURRENT_READING_MINUTES = 30;
/** "What should I eat?", "what do I do", "help": a question about what to do now. */
const ASKS_WHAT_TO_DO =
  /\bwhat (should|can|do|must|shall) (i|we|she|he|they)\b.{0,20}\b(eat|drink|do|take|have)\b|\bwhat to (eat|drink|do|take)\b|\b(should|can|may) (i|we|she|he|they) (eat|drink|have)\b|\bhelp\b/;

/** Level 2 hypoglycaemia (Battelino 2019) and the very high glucose that needs help the same day. */
export const EMERGENCY_LOW_BELOW_MGDL = 54;
export const EMERGENCY_HIGH_ABOVE_MGDL = 300;

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
 * The emergencies a question signals, most urgent first; empty when it signals none. A person who asks
 * what to do, or names a symptom, while their newest reading (within CURRENT_READING_MINUTES) is
 * urgently low is told what to do about that low first.
 */
export const detectEmergencies = (
  question: string,
  userUnit: GlucoseUnit,
  newest: NewestReading | null = null,
): EmergencyFinding[] => {
  const t = question.toLowerCase().replace(/[’‘]/g, "'");
  const found: EmergencyFinding[] = [];
  for (const [kind, re] of SYMPTOMS) if (re.test(t)) found.push({ kind });
  const glucose = glucoseValuesIn(t, userUnit);
  const low = glucose.filter((v) => v < EMERGENCY_LOW_BELOW_MGDL);
  const high = glucose.filter((v) => v > EMERGENCY_HIGH_ABOVE_MGDL);
  if (low.length)
    found.unshift({ kind: 'low-glucose', value: formatGlucoseWithUnit(Math.min(...low), userUnit) });
  else if (
    newest &&
    newest.minutesAgo <= CURRENT_READING_MINUTES &&
    newest.mgdl < EMERGENCY_LOW_BELOW_MGDL &&
    (ASKS_WHAT_TO_DO.test(t) || GLUCOSE_SYMPTOM.test(t))
  )
    found.unshift({
      kind: 'low-glucose',
      value: formatGlucoseWithUnit(newest.mgdl, userUnit),
      minutesAgo: newest.minutesAgo,
    });
  if (high.length)
    found.push({ kind: 'high-glucose', value: formatGlucoseWithUnit(Math.max(...high), userUnit) });
  const pressure = crisisPressure(t);
  if (pressure) found.push({ kind: 'blood-pressure', value: pressure });
  return found;
};

const ago = (minutes: number) => (minutes < 1 ? 'just now' : `${countOf(minutes, 'minute')} ago`);

const CALL = 'Call emergency services (911, 112 or your local number) now';

const WHAT_TO_DO: Record<EmergencyKind, (f: EmergencyFinding) => string> = {
  'low-glucose': (f) =>
    `${f.minutesAgo === undefined ? `A glucose of ${f.value}` : `Your newest reading, ${f.value} (${ago(f.minutesAgo)}),`} is dangerously low. Now: if you can swallow safely, take 15 g of fast-acting carbohydrate (juice, regular soda or glucose tablets), rest, and re-check in 15 minutes; repeat if it is still low, then eat a snack. ${CALL} if you cannot swallow safely, are confused, pass out or have a seizure, or if it does not come up after treatment; anyone with you should give glucagon if you have it and cannot eat or drink.`,
  'high-glucose': (f) =>
    `A glucose of ${f.value} is very high. Now: check for ketones if you can, drink water, and take correction insulin only as your care team told you; call your doctor or care team today. ${CALL} if you are vomiting, breathing fast or deeply, very drowsy or confused, or have strong belly pain: these can be signs of diabetic ketoacidosis.`,
  'chest-pain': () =>
    `Chest pain can be a heart attack. ${CALL}; do not drive yourself. Sit down and rest while you wait, and chew an aspirin only if emergency services or your doctor tell you to.`,
  'trouble-breathing': () =>
    `Trouble breathing is an emergency. ${CALL}. Sit upright, loosen tight clothing, and use your rescue inhaler if you have one.`,
  fainting: () =>
    `Fainting, passing out or a seizure needs help now. ${CALL} if someone is unconscious, does not wake fully, has a seizure, or fainted with chest pain, a racing heart or trouble breathing. If you have diabetes, a low glucose may be the cause: anyone with you should give glucagon if you have it and cannot eat or drink.`,
  stroke: () =>
    `These can be signs of a stroke (face drooping, arm or leg weakness, slurred speech). ${CALL}, and note the time the signs began: treatment works best in the first hours.`,
  'blood-pressure': (f) =>
    `A blood pressure of ${crisisPressureHeadline(f.value ?? '')}. Now: ${CRISIS_PRESSURE_STEPS}`,
};

export const SAFETY_HEADING = 'Safety first: what to do now';

/** The safety answer: what to do now and when to call emergency services, one paragraph per finding. */
export const emergencyAnswer = (findings: EmergencyFinding[]): string =>
  `${SAFETY_HEADING}\n\n${findings.map((f) => WHAT_TO_DO[f.kind](f)).join('\n\n')}`;

/** The same rule for a language model, in its system prompt (the server also puts the answer first). */
export const SAFETY_RULE = `Safety first: if the user's message names an urgent symptom (chest pain, trouble breathing, fainting or passing out, a seizure, signs of a stroke such as face drooping, arm weakness or slurred speech) or a dangerous value (glucose below ${EMERGENCY_LOW_BELOW_MGDL} mg/dL (3.0 mmol/L) or above ${EMERGENCY_HIGH_ABOVE_MGDL} mg/dL (16.7 mmol/L), blood pressure at or above ${CRISIS_SYSTOLIC_MMHG}/${CRISIS_DIASTOLIC_MMHG} mmHg; a bare number typed with a symptom of a low or a high, such as "dizzy, 50" or "I'm at 45", is a glucose value in the user's unit), begin your answer with what to do now and when to call emergency services, before any figure. For a low glucose that is the rule of 15: 15 g of fast-acting carbohydrate, re-check in 15 minutes, and emergency services if the person cannot swallow safely, is confused or passes out.`;
