import { describe, expect, it } from 'vitest';
import { whose } from '../text/whose';
import { detectEmergencies } from './emergency';
import { emergencyAnswer, SAFETY_HEADING, SAFETY_RULE } from './emergency-words';

/*
 * Meters and CGMs show "LO" or "HI" (Dexcom "LOW" / "HIGH") when a glucose is beyond what they can
 * measure: below about 20–40 mg/dL, above 400–600 mg/dL. People type what the screen says.
 */
const kinds = (q: string, unit: 'mg/dL' | 'mmol/L' = 'mg/dL') =>
  detectEmergencies(q, unit).map((f) => f.kind);

describe('a meter or sensor showing LO or HI', () => {
  it.each([
    'my meter says LO',
    'my meter says lo',
    'LO reading, shaky',
    'Dexcom says LOW, what do I do',
    'libre just shows LO',
    'the cgm is reading Lo and she is sweaty',
    'LO and shaky',
    'Her glucose: LO',
    'got a LO on my meter',
  ])('%s → the low advice', (q) => expect(kinds(q)).toEqual(['low-glucose']));

  it.each([
    "dexcom says HI and I'm throwing up",
    'my meter says HI',
    'meter reads high',
    'HI reading on the libre',
    'HI and thirsty',
    'my sugar is HI',
  ])('%s → the high advice', (q) => expect(kinds(q)).toEqual(['high-glucose']));

  it('says what the reading means and what to do now, as for a value below or above range', () => {
    const low = emergencyAnswer(detectEmergencies('my meter says LO', 'mmol/L'));
    expect(low.startsWith(SAFETY_HEADING)).toBe(true);
    expect(low).toContain(
      'A “LO” reading (below what the meter or sensor can measure) is dangerously low. Now: if you can swallow safely, take 15 g of fast-acting carbohydrate',
    );
    const high = emergencyAnswer(detectEmergencies("dexcom says HI and I'm throwing up", 'mg/dL'));
    expect(high).toContain(
      'A “HI” reading (above what the meter or sensor can measure) is very high, and with what you describe it can be diabetic ketoacidosis (DKA)',
    );
  });

  it('names the ward while a guardian acts for her', () => {
    const answer = emergencyAnswer(detectEmergencies('LO reading, she is shaky', 'mg/dL'), whose('Mia'));
    expect(answer).toContain('is dangerously low. Now: if Mia can swallow safely, give Mia 15 g');
  });

  it('wins over a number typed beside it, and over the newest reading', () => {
    expect(detectEmergencies('meter says LO, was 60 an hour ago', 'mg/dL')[0]).toMatchObject({
      kind: 'low-glucose',
      value: 'LO',
    });
    const newest = { glucose: { mgdl: 320, minutesAgo: 5 } };
    expect(detectEmergencies('dexcom says HI, what should I do', 'mg/dL', newest)).toEqual([
      { kind: 'high-glucose', value: 'HI', offScale: true },
    ]);
  });

  it.each([
    'hi, what was my average glucose this week?',
    'HI, what was my average glucose this week?',
    'Hi there, I feel a bit shaky after lunch',
    'my glucose is low-ish today, how was my week?',
    'I had a low reading last night, what was my average?',
    'my meter said LO last year',
    'lo and behold, my weight went down',
    'is my blood pressure high?',
    'my sugar is high, what was my average?',
    'HI THERE, HOW WAS MY WEEK',
  ])('no emergency: %s', (q) => expect(kinds(q)).toEqual([]));

  it('is in the model’s rule too', () => {
    expect(SAFETY_RULE).toContain('a meter or sensor showing "LO" or "HI"');
  });
});
