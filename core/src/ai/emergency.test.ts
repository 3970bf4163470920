import { describe, expect, it } from 'vitest';
import { detectEmergencies } from './emergency';
import { emergencyAnswer, SAFETY_HEADING, SAFETY_RULE } from './emergency-words';
import { glucoseValuesIn } from './glucose-mentions';

const kinds = (q: string, unit: 'mg/dL' | 'mmol/L' = 'mg/dL') =>
  detectEmergencies(q, unit).map((f) => f.kind);

describe('emergency detection', () => {
  it.each([
    ['I feel dizzy and my glucose was 45, what should I do?', 'low-glucose'],
    ['my sugar is 38', 'low-glucose'],
    ['glucose at 8:30 was 45', 'low-glucose'],
    ['Sensor says 45 mg/dL and I am shaky', 'low-glucose'],
    ['glucose 2.5 mmol/L', 'low-glucose'],
    ['my blood sugar is over 400', 'high-glucose'],
    ['BG 320 and I feel sick', 'high-glucose'],
    ['reading of 18.5 mmol/L this morning', 'high-glucose'],
    ['I have chest pain since lunch', 'chest-pain'],
    ['there is pressure in my chest', 'chest-pain'],
    ['I’m having trouble breathing', 'trouble-breathing'],
    ["I can't breathe properly", 'trouble-breathing'],
    ['I fainted at work', 'fainting'],
    ['my husband passed out', 'fainting'],
    ['her face is drooping and her speech is slurred', 'stroke'],
    ['I think I am having a stroke', 'stroke'],
    ['my left arm feels numb and weak', 'stroke'],
    ['blood pressure 185/95, is that bad?', 'blood-pressure'],
    ['My BP was 150/120 this morning', 'blood-pressure'],
    ['bp 180 over 100', 'blood-pressure'],
    ['my systolic was 192', 'blood-pressure'],
  ])('%s → %s', (q, kind) => expect(kinds(q)).toContain(kind));

  it.each([
    'my glucose was 145',
    'What was my average glucose this week?',
    'average glucose over the last 30 days',
    'my glucose 7 day average',
    'chest day at the gym',
    'Is my blood pressure too high?',
    'blood pressure 120/80',
    'bp 179/119',
    'my appointment is on 11/24',
    'I ate 45 g of carbs and my glucose was 150',
    'glucose fine, took 4 units of insulin',
    'my glucose was 54',
    'glucose 3.0 mmol/L',
    'how many steps did I walk',
    'my weight is 45 kg',
    'glucose at 8:30 was 120',
  ])('no emergency: %s', (q) => expect(kinds(q)).toEqual([]));

  it.each([
    ['dizzy, 50'],
    ['I feel dizzy and shaky, 50'],
    ['Mia is 50 and dizzy'],
    ["what should I eat? I'm at 45"],
    ['what should I eat? I’m at 45'],
    ['at 48 and sweaty'],
    ['bg 2.4'],
    ['shaky 2.4'],
    ['im at 40'],
    ['reading 38, what do I do'],
    ['sweaty and confused 47'],
    ['she is 44 and pale'],
    ['blurry vision, 42'],
    ['racing heart and 49'],
    ['heart racing 49'],
    ['dropped to 45 after my run'],
    ['Mia is 50 and dizzy, she is 9 years old'],
    ['feeling faint, 2.6'],
  ])('a low typed without a glucose word: %s', (q) => expect(kinds(q)).toContain('low-glucose'));

  it.each([
    ['very thirsty and vomiting, 420'],
    ["I'm at 350 and nauseous"],
    ['throwing up, 22.5'],
    ['blurry vision 380'],
  ])('a dangerous high typed without a glucose word: %s', (q) => expect(kinds(q)).toContain('high-glucose'));

  it.each([
    ['dizzy, 2.8', 'mmol/L'],
    ["I'm at 2.5", 'mmol/L'],
    ['shaky, 2', 'mmol/L'],
    ['Mia is 45 and dizzy', 'mmol/L'],
  ] as const)('reads a bare low in the user’s unit or the unambiguous other: %s (%s)', (q, unit) =>
    expect(kinds(q, unit)).toEqual(['low-glucose']),
  );

  it.each([
    'dizzy, blood pressure 120/80',
    'dizzy, took 5 units',
    'shaky after I ate 45 g of carbs',
    "I'm dizzy, dinner is in 30 minutes",
    'she is 12 years old and dizzy',
    'a 12-year-old feeling dizzy',
    'dizzy since Nov 24',
    'dizzy on the 24th',
    'my pulse is 45 and I am dizzy',
    'dizzy, heart rate 50',
    'dizzy, bp 85/50',
    'Mia turned 12 and is shaky',
    'sweaty, walked for 2 hours',
    'dizzy 3 times today',
    "I'm at 120 and a bit shaky",
    'dizzy, 2',
    'what should I eat at 5 tonight?',
    'my weight is 45 and I am thirsty',
  ])('no glucose emergency: %s', (q) => expect(kinds(q)).not.toContain('low-glucose'));

  it('answers a what-to-do question with the person’s own urgent low when the reading is current', () => {
    const newest = { glucose: { mgdl: 50, minutesAgo: 4 } };
    expect(detectEmergencies('What should I eat?', 'mg/dL', newest)).toEqual([
      { kind: 'low-glucose', value: '50 mg/dL', minutesAgo: 4 },
    ]);
    expect(kinds('I feel dizzy')).toEqual([]);
    expect(detectEmergencies('I feel dizzy', 'mmol/L', newest).map((f) => f.value)).toEqual(['2.8 mmol/L']);
    expect(emergencyAnswer(detectEmergencies('what can I do', 'mg/dL', newest))).toContain(
      'Your newest reading, 50 mg/dL (4 minutes ago), is dangerously low.',
    );
    // An older reading, one not urgently low, or a question that is not about what to do now.
    expect(
      detectEmergencies('What should I eat?', 'mg/dL', { glucose: { mgdl: 50, minutesAgo: 45 } }),
    ).toEqual([]);
    expect(
      detectEmergencies('What should I eat?', 'mg/dL', { glucose: { mgdl: 60, minutesAgo: 4 } }),
    ).toEqual([]);
    expect(detectEmergencies('average glucose this week', 'mg/dL', newest)).toEqual([]);
    // A value in the question wins: it is the one the person is reporting.
    expect(detectEmergencies("what should I eat? I'm at 45", 'mg/dL', newest)).toEqual([
      { kind: 'low-glucose', value: '45 mg/dL' },
    ]);
  });

  it('reads glucose in the user’s unit, and a value only plausible in the other unit in that one', () => {
    // "glucose 2.5" from a mmol/L user is 45 mg/dL: urgently low.
    expect(detectEmergencies('glucose 2.5', 'mmol/L')).toEqual([
      { kind: 'low-glucose', value: '2.5 mmol/L' },
    ]);
    // From a mg/dL user 2.5 mg/dL is not a reading: it is 2.5 mmol/L.
    expect(kinds('my glucose was 2.5')).toEqual(['low-glucose']);
    // "glucose 45" from a mmol/L user is 45 mg/dL.
    expect(detectEmergencies('my glucose was 45', 'mmol/L')).toEqual([
      { kind: 'low-glucose', value: '2.5 mmol/L' },
    ]);
    expect(kinds('glucose 20', 'mmol/L')).toEqual(['high-glucose']);
    expect(kinds('glucose 8.5', 'mmol/L')).toEqual([]);
    expect(glucoseValuesIn('45 mg/dL then 2.5 mmol/L', 'mg/dL').map(Math.round)).toEqual([45, 45]);
  });

  it('puts a low first and names the value as the user reads it', () => {
    expect(detectEmergencies('I feel faint and my glucose was 45', 'mg/dL')).toEqual([
      { kind: 'low-glucose', value: '45 mg/dL' },
      { kind: 'fainting' },
    ]);
  });
});

describe('the safety answer', () => {
  it('says what to do now and when to call emergency services, before anything else', () => {
    const answer = emergencyAnswer(detectEmergencies('dizzy, glucose was 45', 'mg/dL'));
    expect(answer.startsWith(SAFETY_HEADING)).toBe(true);
    expect(answer).toContain('A glucose of 45 mg/dL is dangerously low.');
    expect(answer).toContain('take 15 g of fast-acting carbohydrate');
    expect(answer).toContain('re-check in 15 minutes');
    expect(answer).toContain('Call emergency services');
  });

  it('gives each finding its own advice', () => {
    const answer = emergencyAnswer(detectEmergencies('chest pain and bp 190/100', 'mg/dL'));
    expect(answer).toContain('Chest pain can be a heart attack.');
    expect(answer).toContain('A blood pressure of 190/100 mmHg is at a hypertensive crisis level');
  });

  it('is the rule in the model’s prompt too, with every threshold', () => {
    for (const s of ['54 mg/dL', '300 mg/dL', '180/120', 'chest pain', 'trouble breathing', 'stroke'])
      expect(SAFETY_RULE).toContain(s);
  });
});
