import type { GlucoseUnit } from '../profiles/profile.schema';
import { MGDL_PER_MMOLL } from '../units/glucose-units';

/**
 * The glucose values a question names. People type a low the way they feel it — "dizzy, 50", "I'm at
 * 45", "Mia is 50 and shaky", "bg 2.4" — so a number counts as glucose with a unit after it, a glucose
 * word just before it, a reading phrase just before it ("I'm at", "is", "reading"), or anywhere in a
 * question that names a symptom of a low or a high. It never counts when it is plainly another measure:
 * a blood pressure, insulin units, grams, minutes, a date or an age.
 */

/** Symptoms of a low or a very high glucose: with one, a bare plausible number is read as glucose. */
export const GLUCOSE_SYMPTOM =
  /\b(dizz(y|iness)|light-?headed|woozy|shak(y|ing|es|en)|trembl\w*|jittery|sweat(y|ing|s)?|clammy|confus(ed|ion)|disoriented|faint\w*|pass(ed|ing)? out|blurr(y|ed)|racing heart|heart (is )?(racing|pounding)|pounding heart|palpitations?|thirst(y)?|vomit\w*|throw(ing)? up|threw up|nause\w*|drowsy|weak|pale|fruity breath)\b/;

/**
 * Signs of diabetic ketoacidosis as the ADA lists them ("DKA (Ketoacidosis) & Ketones",
 * diabetes.org/about-diabetes/complications/ketoacidosis-dka): nausea and vomiting, stomach pain,
 * fruity-smelling breath, fast deep breathing, confusion, being very tired. With a very high glucose
 * they mean "check ketones and get help now".
 */
export const KETOACIDOSIS_SIGN =
  /\b(nause\w*|vomit\w*|throw(ing)? up|threw up|(stomach|belly|tummy|abdominal) (pain|aches?|cramps?|hurts?)|(stomach|belly|tummy)ache|fruity(-smelling)? breath|breath (smells?|is) (fruity|sweet)|(rapid|fast|deep|heavy) breathing|breathing (fast|rapidly|deeply|hard|heavily)|confus(ed|ion)|disoriented|(very|really|so) (tired|drowsy|sleepy))\b/;

const GLUCOSE_WORD = /\b(glucose|sugars?|bgl?|cgm|meter|libre|dexcom)\b/g;
/** "I'm at 45", "she is 50", "reading 2.4", "down to 48": a phrase that introduces a reading. */
const READING_PHRASE =
  /\b(at|is|reads?|reading( of| is| was)?|showing|shows|says|now|(down|dropped|dropping|fell|falling|up|went|rose) to)\s*:?\s*$/;
// Another measure between the glucose word, or the start of the clause, and the number: the number is that measure's.
const OTHER_MEASURE =
  /\b(carbs?|insulin|units?|weight|weigh\w*|pressure|bp|a1c|pulse|heart ?rate|hr|bpm|temperature|temp|ketones?|steps|calories|target|ratio|dose|bolus|basal|took|gave|inject\w*|age|aged|turn(s|ed|ing)?|oxygen|spo2|o2|sats?|cholesterol)\b/;
const NEAR_CHARS = 30;
// A number that counts something else: days, carbs, percent, units, a time of day or a date.
const NOT_A_READING =
  /^\s*(%|percent|days?|weeks?|months?|years?|hours?|hrs?|minutes?|mins?|times|readings|entries|g\b|grams?|carbs?|units?|u\b|am\b|pm\b|kg|lbs?|pounds|steps|calories|k?cal\b|mg\b(?!\/)|[:/.]\d)/;
// What marks a bare number (no glucose word) as something else: a pressure, an age, an ordinal, a time, a count of things.
const NOT_BARE_AFTER =
  /^(\s*(over\s*\d|yrs?\b|y\/?o\b|o'?clock|tonight|today|tomorrow|this (morning|afternoon|evening)|x\b|people|kids|pills?|tablets?|tabs?|doses?|slices?|pieces?|cups?|glasses|beats|breaths|mph|km|miles?|ml\b|oz\b|°|degrees)|-\s*[a-z]|(st|nd|rd|th)\b)/;
const NOT_BARE_BEFORE =
  /(\d\s*(\/|over)\s*|\b(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?\s*)$/;
const CLAUSE_BREAK = /[,;!?\n]|\.(?!\d)|\b(and|but|with|then|so)\b/g;
/**
 * A summary, not a reading: "my average glucose was 320", "usually 45", "320 on average". A low and a
 * high are read the same way, so neither raises a safety answer for a figure that is not where the
 * person is now.
 */
const SUMMARY_BEFORE = /\b(average|avg|mean|median|typical(ly)?|usually|normally|gmi|estimated)\b/;
const SUMMARY_AFTER = /^[^,;!?\n]*?\b(on average|average|avg|mean|median|usually|normally)\b/;
/** Long ago: "last year", "two months ago", "in 2019" (a week-old or last night's low still counts). */
const LONG_AGO =
  /\blast (year|month)\b|\b(a|one|two|three|four|five|six|few|several|many|\d+) (years?|months?) ago\b|\bin (19|20)\d\d\b|\bas a (kid|child|teen\w*)\b/;
const SENTENCE_BREAK = /[!?\n]|\.(?!\d)/;

const MMOLL_MAX = 33.3;
const plausibleIn = (value: number, u: GlucoseUnit) =>
  u === 'mg/dL' ? value >= 18 && value <= 700 : value > 0 && value <= MMOLL_MAX;
const toMgdl = (value: number, u: GlucoseUnit) => (u === 'mmol/L' ? value * MGDL_PER_MMOLL : value);

const mgdlOf = (value: number, unit: GlucoseUnit | null, userUnit: GlucoseUnit) => {
  // The unit as typed wins; otherwise the user's own unit when the value is plausible in it, else the
  // other one ("glucose 2.5" from a mg/dL user is 2.5 mmol/L, "glucose 45" from a mmol/L user 45 mg/dL).
  const u = unit ?? (plausibleIn(value, userUnit) ? userUnit : userUnit === 'mg/dL' ? 'mmol/L' : 'mg/dL');
  return toMgdl(value, u);
};

/**
 * A bare number where it is unambiguous: a decimal is mmol/L ("2.4", "22.5": nobody types a tenth of a
 * mg/dL); a whole number is in the user's unit when plausible there, else mg/dL above 33. "2" from a
 * mg/dL user is more likely a count.
 */
const bareMgdl = (raw: string, value: number, userUnit: GlucoseUnit): number | null => {
  if (/[.,]/.test(raw)) return value <= MMOLL_MAX ? toMgdl(value, 'mmol/L') : null;
  if (plausibleIn(value, userUnit)) return toMgdl(value, userUnit);
  return plausibleIn(value, 'mg/dL') ? value : null;
};

/** The text since the last glucose word before a number names no other measure and no other number. */
const nearGlucoseWord = (before: string) => {
  const last = [...before.matchAll(GLUCOSE_WORD)].at(-1);
  if (!last) return false;
  // A time of day between them ("glucose at 8:30 was 45") is not another number.
  const gap = before.slice((last.index ?? 0) + last[0].length).replace(/\b\d{1,2}:\d{2}(\s*[ap]m)?/g, 'at');
  return gap.length <= NEAR_CHARS && !/\d/.test(gap) && !OTHER_MEASURE.test(gap);
};

/** A bare number that nothing around it marks as another measure ("pulse is 45", "Nov 24", "12-year-old"). */
const bareReading = (before: string, after: string) => {
  const clause = before.split(CLAUSE_BREAK).at(-1) ?? '';
  return !OTHER_MEASURE.test(clause) && !NOT_BARE_BEFORE.test(before) && !NOT_BARE_AFTER.test(after);
};

/** The number stands for a summary or a reading long ago, not where the person is now. */
export const notCurrent = (before: string, after: string) => {
  const clause = before.split(CLAUSE_BREAK).at(-1) ?? '';
  const sentence = `${before.split(SENTENCE_BREAK).at(-1) ?? ''} ${after.split(SENTENCE_BREAK)[0] ?? ''}`;
  return SUMMARY_BEFORE.test(clause) || SUMMARY_AFTER.test(after) || LONG_AGO.test(sentence);
};

/** Every glucose value a question names, in mg/dL, that says where the person is now. */
export const glucoseValuesIn = (question: string, userUnit: GlucoseUnit): number[] => {
  const t = question.toLowerCase().replace(/[’‘]/g, "'");
  const symptom = GLUCOSE_SYMPTOM.test(t) || KETOACIDOSIS_SIGN.test(t);
  const values: number[] = [];
  for (const m of t.matchAll(/(?<![\d.,/:])(\d{1,3}(?:[.,]\d)?)(?![\d/:])/g)) {
    const start = m.index ?? 0;
    const after = t.slice(start + m[0].length);
    const before = t.slice(Math.max(0, start - 40), start);
    const value = Number(m[1]!.replace(',', '.'));
    if (value <= 0 || notCurrent(t.slice(0, start), after)) continue;
    const unit = /^\s*mg\s*\/\s*dl/.test(after)
      ? 'mg/dL'
      : /^\s*mmol(\s*\/\s*l)?/.test(after)
        ? 'mmol/L'
        : null;
    if (unit) values.push(mgdlOf(value, unit, userUnit));
    else if (NOT_A_READING.test(after)) continue;
    else if (nearGlucoseWord(before)) values.push(mgdlOf(value, null, userUnit));
    else if ((symptom || READING_PHRASE.test(before)) && bareReading(before, after)) {
      const mgdl = bareMgdl(m[1]!, value, userUnit);
      if (mgdl !== null) values.push(mgdl);
    }
  }
  return values;
};
