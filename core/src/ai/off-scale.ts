import { GLUCOSE_SYMPTOM, KETOACIDOSIS_SIGN, notCurrent } from './glucose-mentions';

/**
 * A meter or CGM beyond its range shows "LO" or "HI" (a Dexcom "LOW" or "HIGH"): a glucose below what
 * it can measure (about 20–40 mg/dL) or above it (400–600 mg/dL), always an urgent low or a dangerous
 * high. People type what the screen says: "my meter says LO", "dexcom says HI and I'm throwing up",
 * "LO reading, shaky". A greeting ("Hi, how was my week?") or a word that only describes ("my sugar is
 * high", "a low reading last night") is not one.
 */
export type OffScale = 'LO' | 'HI';

const DEVICE =
  'meter|glucometer|monitor|cgm|sensor|libre|dexcom|omnipod|pump|reader|receiver|glucose|sugars?|bgl?|reading';
/** A device, then what it shows ("my meter says", "the libre just shows", "glucose:", "sugar is"). */
const SHOWS_BEFORE = new RegExp(
  `\\b(${DEVICE})\\b[^,;!?.\\d]{0,20}?\\b(says?|said|saying|reads?|reading|shows?|showed|showing|displays?|displayed|is|was|at|went)\\s*:?\\s*["“']?$|\\b(${DEVICE})\\s*:\\s*["“']?$`,
);
/** Only what a screen shows makes "low" or "high" a reading: "Dexcom says LOW", "meter reads high". */
const DISPLAYS_BEFORE = new RegExp(
  `\\b(${DEVICE})\\b[^,;!?.\\d]{0,20}?\\b(says?|said|saying|reads?|shows?|showed|showing|displays?|displayed)\\s*:?\\s*["“']?$`,
);
/** "LO reading", "a HI on my meter", "HI on the libre". */
const DEVICE_AFTER = new RegExp(
  `^\\s*["”']?\\s*(readings?\\b|(on|from) (my|the|her|his|their|our) (${DEVICE})\\b)`,
);
/** "Hi," or "Hi there" to open a message is a greeting. */
const GREETING_AFTER = /^\s*(,|!|-|there\b|all\b|everyone\b|again\b)/;

/** The off-scale readings a question names, as the screen said them; LO first. */
export const offScaleIn = (question: string): OffScale[] => {
  const q = question.replace(/[’‘]/g, "'");
  const t = q.toLowerCase();
  const symptom = GLUCOSE_SYMPTOM.test(t) || KETOACIDOSIS_SIGN.test(t);
  // A message typed in capitals throughout says nothing by its capitals.
  const shouting = q === q.toUpperCase();
  const found = new Set<OffScale>();
  for (const m of q.matchAll(/\b(hi|lo|high|low)\b/gi)) {
    const start = m.index ?? 0;
    const word = m[1]!;
    const lower = word.toLowerCase();
    const before = t.slice(Math.max(0, start - 40), start);
    const after = t.slice(start + word.length);
    if (notCurrent(t.slice(0, start), after)) continue;
    const short = lower === 'hi' || lower === 'lo';
    const greeting = lower === 'hi' && start === 0 && GREETING_AFTER.test(after);
    const shown =
      DISPLAYS_BEFORE.test(before) ||
      (short && (SHOWS_BEFORE.test(before) || DEVICE_AFTER.test(after))) ||
      // "LO and shaky": the screen's own capitals with a symptom of a low or a high.
      (short && !shouting && !greeting && word === word.toUpperCase() && symptom);
    if (shown) found.add(lower.startsWith('l') ? 'LO' : 'HI');
  }
  return (['LO', 'HI'] as const).filter((v) => found.has(v));
};
