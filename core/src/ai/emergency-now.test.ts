import { describe, expect, it } from 'vitest';
import { whose } from '../text/whose';
import { detectEmergencies } from './emergency';
import { emergencyAnswer, SAFETY_HEADING } from './emergency-words';

const kinds = (q: string, unit: 'mg/dL' | 'mmol/L' = 'mg/dL') =>
  detectEmergencies(q, unit).map((f) => f.kind);
const glucose = (mgdl: number, minutesAgo = 10) => ({ glucose: { mgdl, minutesAgo } });
const pressure = (systolic: number, diastolic: number, minutesAgo = 20) => ({
  pressure: { systolic, diastolic, minutesAgo },
});

describe('a very high newest reading with signs of ketoacidosis', () => {
  it.each([
    ['I feel nauseous and my stomach hurts', 280],
    ['been throwing up all morning', 260],
    ['my breath smells fruity, is that normal?', 290],
    ['breathing fast and feel confused', 275],
    ['should I check ketones?', 320],
    ['ketones are 1.8, what now', 350],
    ['what should I do?', 330],
  ])('%s (newest %i mg/dL) → what to do now first', (q, mgdl) => {
    const [first] = detectEmergencies(q, 'mg/dL', glucose(mgdl));
    expect(first).toMatchObject({ kind: 'high-glucose', value: `${mgdl} mg/dL`, minutesAgo: 10 });
  });

  it.each([
    ['should I check ketones?', 280, 10], // ketones alone need above 300
    ['I feel nauseous', 240, 10], // high, not "Very high"
    ['I feel nauseous', 280, 45], // not where the person is now
    ['what was my average glucose this week?', 350, 5], // no sign, no what-to-do
    ['my glucose was 145 and I feel nauseous', 320, 5], // the value the person reports wins
  ])('no high-glucose safety answer: %s (newest %i mg/dL, %i minutes ago)', (q, mgdl, minutesAgo) =>
    expect(detectEmergencies(q, 'mg/dL', glucose(mgdl, minutesAgo)).map((f) => f.kind)).toEqual([]),
  );

  it('names the reading, says it can be ketoacidosis, and says check ketones and call now', () => {
    const findings = detectEmergencies('I feel sick and I have been vomiting', 'mmol/L', glucose(288, 7));
    expect(findings).toEqual([
      { kind: 'high-glucose', value: '16.0 mmol/L', minutesAgo: 7, ketoacidosis: true },
    ]);
    const answer = emergencyAnswer(findings);
    expect(
      answer.startsWith(
        `${SAFETY_HEADING}\n\nYour newest reading, 16.0 mmol/L (7 minutes ago), is very high`,
      ),
    ).toBe(true);
    expect(answer).toContain('it can be diabetic ketoacidosis (DKA), which is an emergency');
    expect(answer).toContain(
      'check your ketones (blood or urine) if you have not, and call your doctor or care team now',
    );
    expect(answer).toContain(
      'Call emergency services (911, 112 or your local number) now, or go to the emergency room',
    );
  });
});

describe('glucose values in the question: lows and highs read alike', () => {
  it.each([
    ['my glucose was 45 last night', 'low-glucose'],
    ['my glucose was 320 last night', 'high-glucose'],
    ['I am at 40', 'low-glucose'],
    ['I am at 420', 'high-glucose'],
    ['vomiting, glucose 270', 'high-glucose'], // Very high with a sign of ketoacidosis
    ['stomach pain, 380', 'high-glucose'], // a bare number with a sign of ketoacidosis
  ])('a current value: %s → %s', (q, kind) => expect(kinds(q)).toContain(kind));

  it.each([
    'my average was 300 last year',
    'my average glucose was 320 last month',
    'my average glucose was 45',
    'my glucose was 330 on average',
    'my glucose was 45 two years ago',
    'usually my sugar is 40 before breakfast',
    'my mean glucose is 310',
    'glucose 270', // Very high, but no sign of ketoacidosis: the figures answer it
    "walked 400 steps and I'm so tired", // a count of steps, not a reading
    'ate 350 calories and feel nauseous',
  ])('no glucose emergency for a summary, a value long ago or a high without signs: %s', (q) =>
    expect(kinds(q)).toEqual([]),
  );

  it('marks a high met by ketones or signs of ketoacidosis, and not a bare high', () => {
    expect(detectEmergencies('glucose 350, ketones moderate', 'mg/dL')).toEqual([
      { kind: 'high-glucose', value: '350 mg/dL', ketoacidosis: true },
    ]);
    expect(detectEmergencies('glucose 350', 'mg/dL')).toEqual([{ kind: 'high-glucose', value: '350 mg/dL' }]);
  });
});

describe('a crisis-level newest blood pressure with signs of organ damage', () => {
  it.each([
    'I have a bad headache',
    'my vision is blurry',
    'I feel weak and numb',
    'short of breath since this morning',
  ])('%s → the crisis words first', (q) => {
    const findings = detectEmergencies(q, 'mg/dL', pressure(185, 125));
    expect(findings[0]).toEqual({ kind: 'blood-pressure', value: '185/125 mmHg', minutesAgo: 20 });
  });

  it('puts the crisis words before the chest pain advice, and says when the reading was taken', () => {
    const findings = detectEmergencies('I have chest pain', 'mg/dL', pressure(192, 100, 300));
    expect(findings.map((f) => f.kind)).toEqual(['blood-pressure', 'chest-pain']);
    const answer = emergencyAnswer(findings);
    expect(answer).toMatch(
      /^Safety first: what to do now\n\nYour newest blood pressure, 192\/100 mmHg \(5 hours ago\), is at a hypertensive crisis level \(180\/120 mmHg or higher\)\. Now: If you have chest pain, shortness of breath/,
    );
    expect(answer.indexOf('hypertensive crisis')).toBeLessThan(
      answer.indexOf('Chest pain can be a heart attack.'),
    );
  });

  it('says the crisis words first for a crisis pressure typed with a sign, too', () => {
    expect(kinds('bad headache, bp 190/125')).toEqual(['blood-pressure']);
    expect(kinds('chest pain and bp 190/100')).toEqual(['blood-pressure', 'chest-pain']);
  });

  it.each([
    ['What is my average blood pressure?', 185, 125, 20], // no sign
    ['I have a bad headache', 150, 95, 20], // not a crisis level
    ['I have a bad headache', 185, 125, 2 * 24 * 60], // two days old
  ])('no crisis words: %s (%i/%i, %i minutes ago)', (q, sys, dia, minutesAgo) =>
    expect(detectEmergencies(q, 'mg/dL', pressure(sys, dia, minutesAgo))).toEqual([]),
  );
});

describe('the safety answer while a guardian acts for a ward', () => {
  const mia = whose('Mia');

  it('names the ward in every line about her reading, and tells the guardian what to do', () => {
    const answer = emergencyAnswer(detectEmergencies('what should we do?', 'mg/dL', glucose(48, 4)), mia);
    expect(answer).toContain(
      'Mia’s newest reading, 48 mg/dL (4 minutes ago), is dangerously low. Now: if Mia can swallow safely, give Mia 15 g of fast-acting carbohydrate',
    );
    expect(answer).toContain(
      'Call emergency services (911, 112 or your local number) now if Mia cannot swallow safely',
    );
    expect(answer).not.toMatch(/\bYour newest\b|if you can swallow|\byou are\b/);
  });

  it('names the ward in the ketoacidosis and blood pressure advice', () => {
    const dka = emergencyAnswer(detectEmergencies('she is vomiting', 'mg/dL', glucose(310, 3)), mia);
    expect(dka).toContain('Mia’s newest reading, 310 mg/dL (3 minutes ago), is very high');
    expect(dka).toContain(
      'check Mia’s ketones (blood or urine) if you have not, and call Mia’s doctor or care team now',
    );
    expect(dka).toContain('if Mia is vomiting or cannot keep fluids down');
    const bp = emergencyAnswer(detectEmergencies('she has a headache', 'mg/dL', pressure(182, 121)), mia);
    expect(bp).toContain(
      'Mia’s newest blood pressure, 182/121 mmHg (20 minutes ago), is at a hypertensive crisis level',
    );
    expect(bp).toContain('If Mia has chest pain, shortness of breath');
    expect(bp).toContain('contact Mia’s doctor right away');
    expect(bp).not.toMatch(/\b(your doctor|If you have)\b/);
  });

  it('speaks of the ward for a symptom too', () => {
    const answer = emergencyAnswer(detectEmergencies('trouble breathing', 'mg/dL'), whose('James'));
    expect(answer).toContain('use James’ rescue inhaler if James has one.');
  });
});
