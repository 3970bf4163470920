import { OWN_RECORD, type Whose } from '../text/whose';
import { CRISIS_DIASTOLIC_MMHG, CRISIS_SYSTOLIC_MMHG } from './blood-pressure-category';

// The words said after a crisis-level reading, apart from the rule (blood-pressure-category.ts), so
// the screens that only mark a reading do not load them.

/**
 * What to do now after a crisis-level reading (AHA, "Hypertensive crisis: when you should call 911"):
 * signs of organ damage first, since then nobody should wait; else measure again and call the doctor.
 * The assistant's safety answer and the log screens say these same words; while a guardian acts for a
 * ward they name the ward ("If Mia has chest pain ...").
 */
export const crisisPressureSteps = (w: Whose = OWN_RECORD) =>
  `If ${w.you} ${w.verb('have', 'has')} chest pain, shortness of breath, back pain, numbness or weakness, a change in vision or difficulty speaking, call emergency services (911, 112 or your local number) now. Otherwise ${w.name ? `have ${w.you} ` : ''}sit quietly for 5 minutes and measure again. If it is still ${CRISIS_SYSTOLIC_MMHG}/${CRISIS_DIASTOLIC_MMHG} mmHg or higher, contact ${w.your} doctor right away; if you cannot reach them, call emergency services.`;

/** The first words of the alert: the reading and its level ("185/95 mmHg is at a hypertensive crisis level"). */
export const crisisPressureHeadline = (reading: string) =>
  `${reading} is at a hypertensive crisis level (${CRISIS_SYSTOLIC_MMHG}/${CRISIS_DIASTOLIC_MMHG} mmHg or higher)`;
