import { describe, expect, it } from 'vitest';
import { whose } from '../text/whose';
import { type AnalystMetrics, analystAnswer, NOT_CONFIGURED_NOTE } from './analyst';
import { analystIntent, questionWindow } from './analyst-intent';
import { detectEmergencies } from './emergency';
import { SAFETY_HEADING } from './emergency-words';
import { AI_QUICK_QUESTIONS, AI_TEXTS, aiGreeting, aiQuickQuestions } from './texts';

const metrics = (over: Partial<AnalystMetrics> = {}): AnalystMetrics => ({
  unit: 'mg/dL',
  days: 7,
  windowLabel: 'the last 7 days',
  windowDates: 'Nov 17 – Nov 24',
  glucose: {
    count: 3,
    mean: 130.4,
    percentInRange: 66.7,
    percentBelow70: 0,
    percentAbove180: 33.3,
    counts: { below70: 0, below54: 0, above180: 1, above250: 0 },
  },
  bloodPressure: { count: 0, systolic: null, diastolic: null },
  weight: { count: 0, first: null, latest: null, unit: null },
  streak: { current: 2, longest: 5, entriesInWindow: 4 },
  adherence: { taken: 0, skipped: 0, missed: 0 },
  patterns: [],
  patternReadings: 3,
  appointments: [],
  ...over,
});

describe('the window a question names', () => {
  it.each([
    ['What was my average glucose this week?', 7],
    ['average glucose today', 1],
    ['over the last 14 days', 14],
    ['past two weeks', 14],
    ['this month', 30],
    ['last 3 months', 90],
    ['in the last 400 days', 90],
    ['how am I doing', 7],
  ])('%s → %i days', (q, days) => expect(questionWindow(q).days).toBe(days));
});

describe('what a question is about', () => {
  it.each([
    ['Is my blood pressure too high?', ['bp']],
    ['average blood pressure this month', ['bp']],
    ['What is my BP?', ['bp']],
    ['How has my weight changed this month?', ['weight']],
    ['What was my average glucose this week?', ['glucose']],
    ['Is my blood sugar too high?', ['glucose']],
    ['What patterns do you see in my recent data?', ['glucose']],
    ['any lows this week?', ['glucose']],
    ['I feel dizzy and my glucose was 45, what should I do?', ['glucose']],
    ['Have I missed any medications?', ['medications']],
    ['When is my next appointment?', ['appointments']],
    ["What's my logging streak?", ['streaks']],
    ['How consistent have I been with logging and medications?', ['medications', 'streaks']],
    ['Write me a poem about kale', ['unknown']],
    ['Should I change my insulin?', ['unknown']],
  ])('%s → %j', (q, routes) => expect(analystIntent(q).routes).toEqual(routes));

  it('picks the glucose figures the question asks for', () => {
    expect(analystIntent('What was my average glucose this week?').glucose).toEqual(['average']);
    expect(analystIntent('time in range this month').glucose).toEqual(['time-in-range']);
    expect(analystIntent('Is my glucose too high?').glucose).toEqual([
      'average',
      'time-in-range',
      'lows-highs',
    ]);
    expect(analystIntent('How is my sugar?').glucose).toEqual(['average', 'time-in-range']);
    expect(analystIntent('average blood pressure').glucose).toEqual([]);
  });
});

describe('the built-in analyst', () => {
  it('answers the average glucose of the week with the figure, its unit and its window', () => {
    const answer = analystAnswer(analystIntent('What was my average glucose this week?'), metrics());
    expect(answer).toContain(
      'Your average glucose over the last 7 days (Nov 17 – Nov 24) was 130 mg/dL, from 3 readings.',
    );
  });
  it('writes every count the same way, with thousands separators', () => {
    const m = metrics({
      glucose: {
        count: 1866,
        mean: 111,
        percentInRange: 90,
        percentBelow70: 1.4,
        percentAbove180: 8,
        counts: { below70: 1026, below54: 1004, above180: 150, above250: 2 },
      },
      patternReadings: 2148,
      streak: { current: 1200, longest: 1300, entriesInWindow: 4500 },
      adherence: { taken: 1500, skipped: 1200, missed: 1100 },
    });
    const ask = (q: string) => analystAnswer(analystIntent(q), m);
    expect(ask('average glucose this week')).toContain('was 111 mg/dL, from 1,866 readings.');
    expect(ask('how many lows this week')).toContain(
      '1,026 of your 1,866 readings were below 70 mg/dL (55%), 1,004 of them below 54 mg/dL.',
    );
    expect(ask('time in range')).toContain('of your 1,866 glucose readings were in range');
    expect(ask('any patterns?')).toContain('(2,148 readings analysed)');
    expect(ask('logging streak')).toContain('is 1,200 days (longest 1,300 days), with 4,500 entries logged');
    expect(ask('medications')).toContain('1,500 of 3,800 doses taken (39%), 1,200 skipped, 1,100 missed.');
  });
  it('uses the user’s unit', () => {
    const answer = analystAnswer(analystIntent('average glucose'), metrics({ unit: 'mmol/L' }));
    expect(answer).toContain('7.2 mmol/L');
  });
  it('never invents a figure without data', () => {
    const empty = metrics({
      glucose: {
        count: 0,
        mean: null,
        percentInRange: null,
        percentBelow70: null,
        percentAbove180: null,
        counts: { below70: 0, below54: 0, above180: 0, above250: 0 },
      },
    });
    const answer = analystAnswer(analystIntent('what is my time in range this month'), empty);
    expect(answer).toContain('no glucose readings');
    expect(answer).not.toMatch(/\d+%/);
  });
  it('says plainly that it cannot answer anything else, and what it can', () => {
    const answer = analystAnswer(analystIntent('Write me a poem about kale'), metrics());
    expect(answer).toContain('I cannot answer that.');
    expect(answer).toContain(NOT_CONFIGURED_NOTE);
  });
  it('answers consistency with streak and adherence', () => {
    const m = metrics({ adherence: { taken: 9, skipped: 1, missed: 2 } });
    const answer = analystAnswer(
      analystIntent('How consistent have I been with logging and medications?'),
      m,
    );
    expect(answer).toContain('current logging streak is 2 days');
    expect(answer).toContain('9 of 12 doses taken (75%), 1 skipped, 2 missed');
  });

  it('answers "Is my blood pressure too high?" with the blood pressure and its ACC/AHA category, no glucose', () => {
    const m = metrics({ bloodPressure: { count: 3, systolic: 134.4, diastolic: 78 } });
    const answer = analystAnswer(analystIntent('Is my blood pressure too high?'), m);
    expect(answer).toContain(
      'Your average blood pressure over the last 7 days (Nov 17 – Nov 24) was 134/78 mmHg, from 3 entries. In the ACC/AHA categories that is Stage 1 hypertension (130–139 systolic or 80–89 diastolic); normal is below 120/80 mmHg.',
    );
    expect(answer).not.toMatch(/glucose|mg\/dL/);
  });

  it('says plainly it cannot judge a blood pressure it has no entries for', () => {
    const answer = analystAnswer(analystIntent('Is my blood pressure too high?'), metrics());
    expect(answer).toContain(
      'You have no blood pressure entries in the last 7 days (Nov 17 – Nov 24), so I cannot say',
    );
    expect(answer).not.toMatch(/\d+\/\d+ mmHg,/);
  });

  it('compares glucose with the consensus targets, in the user’s unit', () => {
    const answer = analystAnswer(analystIntent('Is my glucose too high?'), metrics({ unit: 'mmol/L' }));
    expect(answer).toContain('67% of your 3 glucose readings were in range (3.9–10.0 mmol/L)');
    expect(answer).toContain(
      'the consensus target for most adults with diabetes is more than 70%, so you are below it.',
    );
    expect(answer).toContain('33% above 10.0 mmol/L (target: under 25%)');
  });

  it('answers "how many readings below 70?" with a count and the window it counted, not only a percentage', () => {
    const m = metrics({
      days: 14,
      windowLabel: 'the last 14 days',
      windowDates: 'Nov 16 – Nov 29',
      glucose: {
        count: 1884,
        mean: 111,
        percentInRange: 93.5,
        percentBelow70: (100 * 28) / 1884,
        percentAbove180: (100 * 95) / 1884,
        counts: { below70: 28, below54: 5, above180: 95, above250: 8 },
      },
    });
    const lows = analystAnswer(analystIntent('how many readings below 70?'), m);
    expect(lows).toContain(
      'In the last 14 days (Nov 16 – Nov 29), 28 of your 1,884 readings were below 70 mg/dL (1%), 5 of them below 54 mg/dL.',
    );
    expect(lows).not.toContain('above 180');
    const highs = analystAnswer(analystIntent('How many highs did I have this month?'), m);
    expect(highs).toContain(
      '95 of your 1,884 readings were above 180 mg/dL (5%), 8 of them above 250 mg/dL.',
    );
    expect(analystIntent('number of lows and highs').glucose).toEqual(['low-count', 'high-count']);
  });

  it('never shows a share that contradicts its target, nor 0% for a non-zero share', () => {
    const m = metrics({
      glucose: {
        count: 1000,
        mean: 150,
        percentInRange: 70.3,
        percentBelow70: 0.4,
        percentAbove180: 29.3,
        counts: { below70: 4, below54: 0, above180: 293, above250: 0 },
      },
    });
    const answer = analystAnswer(analystIntent('how is my time in range, any lows?'), m);
    expect(answer).toContain('>70% of your 1,000 glucose readings were in range');
    expect(answer).toContain('so you meet it.');
    expect(answer).toContain('<1% of your readings were below 70 mg/dL (target: under 4%)');
  });

  it('answers weight with its window', () => {
    const m = metrics({ weight: { count: 2, first: 82, latest: 80.5, unit: 'kg' } });
    expect(analystAnswer(analystIntent('my weight this month'), m)).toContain(
      'Your latest weight in the last 7 days (Nov 17 – Nov 24) was 80.5 kg, down 1.5 kg from your first entry in that window (2 entries).',
    );
  });

  it('puts the safety answer before any figure for an emergency question', () => {
    const q = 'I feel dizzy and my glucose was 45, what should I do?';
    const answer = analystAnswer(analystIntent(q), metrics(), detectEmergencies(q, 'mg/dL'));
    expect(answer.startsWith(SAFETY_HEADING)).toBe(true);
    const safety = answer.indexOf('A glucose of 45 mg/dL is dangerously low.');
    const figure = answer.indexOf('Your average glucose over the last 7 days');
    expect(safety).toBeGreaterThan(0);
    expect(figure).toBeGreaterThan(safety);
  });

  it('gives the safety answer for an emergency it has no figures for, and no "cannot answer"', () => {
    const q = 'I have chest pain';
    const answer = analystAnswer(analystIntent(q), metrics(), detectEmergencies(q, 'mg/dL'));
    expect(answer.startsWith(SAFETY_HEADING)).toBe(true);
    expect(answer).toContain('Call emergency services');
    expect(answer).not.toContain('I cannot answer that');
  });
});

describe('the built-in analyst while a guardian acts for a ward', () => {
  const mia = whose('Mia');
  const ask = (q: string, m = metrics()) => analystAnswer(analystIntent(q), m, [], mia);

  it('names the ward in every sentence about the data, never "your"', () => {
    const answer = ask('What was Mia’s average glucose this week?');
    expect(answer).toContain(
      'Mia’s average glucose over the last 7 days (Nov 17 – Nov 24) was 130 mg/dL, from 3 readings.',
    );
    expect(answer).toContain(
      'These figures come from Mia’s data; for medical advice, please talk to Mia’s care team.',
    );
    expect(ask('Is her glucose too high?')).toContain(
      '67% of Mia’s 3 glucose readings were in range (70–180 mg/dL); the consensus target for most adults with diabetes is more than 70%, so Mia is below it.',
    );
    expect(ask('Is her blood pressure too high?')).toContain(
      'Mia has no blood pressure entries in the last 7 days (Nov 17 – Nov 24), so I cannot say how Mia’s blood pressure compares',
    );
    expect(ask('How consistent has Mia been with logging and medications?')).toContain(
      'Mia’s current logging streak is 2 days',
    );
    expect(ask('When is her next appointment?')).toContain(
      'Mia has no upcoming appointments. Suggesting questions for Mia’s visit needs a language model',
    );
    for (const q of ['average glucose', 'how many lows', 'weight', 'appointments', 'a poem about kale'])
      expect(ask(q)).not.toMatch(
        /\b[Yy]ou(r)?\b (have|average|current|latest|own|readings|logging|upcoming)/,
      );
  });

  it('puts the ward’s safety answer first', () => {
    const q = 'she is dizzy, glucose 45';
    const answer = analystAnswer(analystIntent(q), metrics(), detectEmergencies(q, 'mg/dL'), mia);
    expect(
      answer.startsWith(`${SAFETY_HEADING}\n\nA glucose of 45 mg/dL is dangerously low. Now: if Mia can`),
    ).toBe(true);
    expect(answer.indexOf('Mia’s average glucose')).toBeGreaterThan(
      answer.indexOf('Call emergency services'),
    );
  });
});

describe('the quick questions', () => {
  it('ask about the ward while a guardian acts for one, and mean the same to the analyst', () => {
    const mias = aiQuickQuestions(whose('Mia'));
    expect(mias).toEqual([
      'What was Mia’s average glucose this week?',
      'What patterns do you see in Mia’s recent data?',
      'How consistent has Mia been with logging and medications?',
      'What should we ask at Mia’s next appointment?',
    ]);
    expect(aiQuickQuestions()).toEqual(AI_QUICK_QUESTIONS);
    expect(mias.map((q) => analystIntent(q))).toEqual(AI_QUICK_QUESTIONS.map((q) => analystIntent(q)));
    expect(aiGreeting(whose('Mia'))).toContain('Ask me about Mia’s readings, trends and logs.');
    expect(aiGreeting()).toBe(AI_TEXTS.greeting);
  });
});
