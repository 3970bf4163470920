import { RECHECK_AFTER_MINUTES, TREAT_LOW_CARBS_GRAMS } from '../glucose/rule-of-15';
import { countOf } from '../text/count-words';
import { OWN_RECORD, type Whose } from '../text/whose';
import { CRISIS_DIASTOLIC_MMHG, CRISIS_SYSTOLIC_MMHG } from '../trackers/blood-pressure-category';
import { crisisPressureHeadline, crisisPressureSteps } from '../trackers/pressure-crisis-words';
import {
  EMERGENCY_HIGH_ABOVE_MGDL,
  EMERGENCY_LOW_BELOW_MGDL,
  type EmergencyFinding,
  type EmergencyKind,
} from './emergency';

/**
 * The safety answer's words (DESIGN §10): what to do now and when to call emergency services. For the
 * account's own record they speak to the person; while a guardian acts for a ward they speak to the
 * guardian and name the ward ("Mia’s newest reading ... if Mia can swallow safely, give Mia ...").
 */

const ago = (minutes: number) =>
  minutes < 1
    ? 'just now'
    : minutes < 120
      ? `${countOf(minutes, 'minute')} ago`
      : `${countOf(Math.round(minutes / 60), 'hour')} ago`;

const CALL = 'Call emergency services (911, 112 or your local number) now';
const G = TREAT_LOW_CARBS_GRAMS;
const M = RECHECK_AFTER_MINUTES;

/**
 * "A glucose of 45 mg/dL" from the question, "Mia’s newest reading, 45 mg/dL (4 minutes ago)," from the
 * record, "A “LO” reading (below what the meter or sensor can measure)" for a meter beyond its range.
 */
const glucoseOf = (f: EmergencyFinding, w: Whose) =>
  f.offScale
    ? `A “${f.value}” reading (${f.value === 'LO' ? 'below' : 'above'} what the meter or sensor can measure)`
    : f.minutesAgo === undefined
      ? `A glucose of ${f.value}`
      : `${w.Your} newest reading, ${f.value} (${ago(f.minutesAgo)}),`;

/*
 * A low: the rule of 15 and glucagon (ADA, "Hypoglycemia (Low Blood Glucose)", diabetes.org).
 * A high: the ADA ("DKA (Ketoacidosis) & Ketones") says to check ketones above 240 mg/dL and, with
 * DKA's signs or moderate or large ketones, to call the care team at once or go to the emergency room;
 * CDC ("Diabetic Ketoacidosis", cdc.gov/diabetes) the same for vomiting that keeps fluids down.
 */
const LOW: (f: EmergencyFinding, w: Whose) => string = (f, w) =>
  w.name
    ? `${glucoseOf(f, w)} is dangerously low. Now: if ${w.you} can swallow safely, give ${w.you} ${G} g of fast-acting carbohydrate (juice, regular soda or glucose tablets), let ${w.you} rest, and re-check in ${M} minutes; repeat if it is still low, then give ${w.you} a snack. ${CALL} if ${w.you} cannot swallow safely, is confused, passes out or has a seizure, or if it does not come up after treatment; if ${w.you} cannot eat or drink, give glucagon if you have it.`
    : `${glucoseOf(f, w)} is dangerously low. Now: if you can swallow safely, take ${G} g of fast-acting carbohydrate (juice, regular soda or glucose tablets), rest, and re-check in ${M} minutes; repeat if it is still low, then eat a snack. ${CALL} if you cannot swallow safely, are confused, pass out or have a seizure, or if it does not come up after treatment; anyone with you should give glucagon if you have it and cannot eat or drink.`;

const HIGH = (f: EmergencyFinding, w: Whose) => {
  const n = w.you;
  if (f.ketoacidosis)
    return w.name
      ? `${glucoseOf(f, w)} is very high, and with what you describe it can be diabetic ketoacidosis (DKA), which is an emergency. Now: check ${w.your} ketones (blood or urine) if you have not, and call ${w.your} doctor or care team now. ${CALL}, or go to the emergency room, if ${n} is vomiting or cannot keep fluids down, is breathing fast or deeply, is very drowsy or confused, has strong belly pain or fruity-smelling breath, or if the ketones are moderate or large. Give ${n} water, and give correction insulin only as ${w.your} care team told you.`
      : `${glucoseOf(f, w)} is very high, and with what you describe it can be diabetic ketoacidosis (DKA), which is an emergency. Now: check your ketones (blood or urine) if you have not, and call your doctor or care team now. ${CALL}, or go to the emergency room, if you are vomiting or cannot keep fluids down, are breathing fast or deeply, are very drowsy or confused, have strong belly pain or fruity-smelling breath, or if your ketones are moderate or large. Drink water, and take correction insulin only as your care team told you.`;
  return w.name
    ? `${glucoseOf(f, w)} is very high. Now: check ${w.your} ketones if you can, give ${n} water, and give correction insulin only as ${w.your} care team told you; call ${w.your} doctor or care team today. ${CALL} if ${n} is vomiting, breathing fast or deeply, very drowsy or confused, or has strong belly pain: these can be signs of diabetic ketoacidosis.`
    : `${glucoseOf(f, w)} is very high. Now: check for ketones if you can, drink water, and take correction insulin only as your care team told you; call your doctor or care team today. ${CALL} if you are vomiting, breathing fast or deeply, very drowsy or confused, or have strong belly pain: these can be signs of diabetic ketoacidosis.`;
};

const WHAT_TO_DO: Record<EmergencyKind, (f: EmergencyFinding, w: Whose) => string> = {
  'low-glucose': LOW,
  'high-glucose': HIGH,
  'chest-pain': (_, w) =>
    w.name
      ? `Chest pain can be a heart attack. ${CALL}; do not drive ${w.you} there yourself. Have ${w.you} sit down and rest while you wait, and give aspirin only if emergency services or ${w.your} doctor tell you to.`
      : `Chest pain can be a heart attack. ${CALL}; do not drive yourself. Sit down and rest while you wait, and chew an aspirin only if emergency services or your doctor tell you to.`,
  'trouble-breathing': (_, w) =>
    w.name
      ? `Trouble breathing is an emergency. ${CALL}. Help ${w.you} sit upright, loosen tight clothing, and use ${w.your} rescue inhaler if ${w.you} has one.`
      : `Trouble breathing is an emergency. ${CALL}. Sit upright, loosen tight clothing, and use your rescue inhaler if you have one.`,
  fainting: (_, w) =>
    `Fainting, passing out or a seizure needs help now. ${CALL} if someone is unconscious, does not wake fully, has a seizure, or fainted with chest pain, a racing heart or trouble breathing. ${
      w.name
        ? `If ${w.you} has diabetes, a low glucose may be the cause: if ${w.you} cannot eat or drink, give glucagon if you have it.`
        : 'If you have diabetes, a low glucose may be the cause: anyone with you should give glucagon if you have it and cannot eat or drink.'
    }`,
  stroke: () =>
    `These can be signs of a stroke (face drooping, arm or leg weakness, slurred speech). ${CALL}, and note the time the signs began: treatment works best in the first hours.`,
  'blood-pressure': (f, w) =>
    `${crisisPressureHeadline(
      f.minutesAgo === undefined
        ? `A blood pressure of ${f.value}`
        : `${w.Your} newest blood pressure, ${f.value} (${ago(f.minutesAgo)}),`,
    )}. Now: ${crisisPressureSteps(w)}`,
};

export const SAFETY_HEADING = 'Safety first: what to do now';

/**
 * The safety answer: what to do now and when to call emergency services, one paragraph per finding,
 * for whose record it is (the account's own unless a guardian acts for a ward).
 */
export const emergencyAnswer = (findings: EmergencyFinding[], w: Whose = OWN_RECORD): string =>
  `${SAFETY_HEADING}\n\n${findings.map((f) => WHAT_TO_DO[f.kind](f, w)).join('\n\n')}`;

/** The same rule for a language model, in its system prompt (the server also puts the answer first). */
export const SAFETY_RULE = `Safety first: if the user's message names an urgent symptom (chest pain, trouble breathing, fainting or passing out, a seizure, signs of a stroke such as face drooping, arm weakness or slurred speech) or a dangerous value (glucose below ${EMERGENCY_LOW_BELOW_MGDL} mg/dL (3.0 mmol/L) or above ${EMERGENCY_HIGH_ABOVE_MGDL} mg/dL (16.7 mmol/L), a meter or sensor showing "LO" or "HI" (below or above what it can measure), blood pressure at or above ${CRISIS_SYSTOLIC_MMHG}/${CRISIS_DIASTOLIC_MMHG} mmHg; a bare number typed with a symptom of a low or a high, such as "dizzy, 50" or "I'm at 45", is a glucose value in the user's unit), begin your answer with what to do now and when to call emergency services, before any figure. For a low glucose that is the rule of 15: 15 g of fast-acting carbohydrate, re-check in 15 minutes, and emergency services if the person cannot swallow safely, is confused or passes out. A glucose above 250 mg/dL (13.9 mmol/L) with nausea, vomiting, stomach pain, fruity breath, fast or deep breathing or confusion, or with ketones, can be diabetic ketoacidosis: check ketones and call the care team now, emergency services if vomiting or very unwell. A blood pressure at or above ${CRISIS_SYSTOLIC_MMHG}/${CRISIS_DIASTOLIC_MMHG} mmHg with chest pain, shortness of breath, a headache, a change in vision, numbness or weakness needs emergency services now. The same holds for the person's newest reading in the data below when the message names such a symptom. A figure that is an average or from long ago is not an emergency by itself.`;
