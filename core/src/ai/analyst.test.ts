import { describe, expect, it } from 'vitest';
import {
  type AnalystMetrics,
  analystAnswer,
  analystIntent,
  NOT_CONFIGURED_NOTE,
  questionWindow,
} from './analyst';

const metrics = (over: Partial<AnalystMetrics> = {}): AnalystMetrics => ({
  unit: 'mg/dL',
  days: 7,
  windowLabel: 'the last 7 days',
  windowDates: 'Nov 17 – Nov 24',
  glucose: { count: 3, mean: 130.4, percentInRange: 66.7, percentBelow70: 0, percentAbove180: 33.3 },
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

describe('the built-in analyst', () => {
  it('answers the average glucose of the week with the figure, its unit and its window', () => {
    const answer = analystAnswer(analystIntent('What was my average glucose this week?'), metrics());
    expect(answer).toContain(
      'Your average glucose over the last 7 days (Nov 17 – Nov 24) was 130 mg/dL, from 3 readings.',
    );
  });
  it('uses the user’s unit', () => {
    const answer = analystAnswer(analystIntent('average glucose'), metrics({ unit: 'mmol/L' }));
    expect(answer).toContain('7.2 mmol/L');
  });
  it('never invents a figure without data', () => {
    const empty = metrics({
      glucose: { count: 0, mean: null, percentInRange: null, percentBelow70: null, percentAbove180: null },
    });
    const answer = analystAnswer(analystIntent('what is my time in range this month'), empty);
    expect(answer).toContain('no glucose readings');
    expect(answer).not.toMatch(/\d+%/);
  });
  it('says plainly that no language model is configured for anything else', () => {
    expect(analystAnswer(analystIntent('Write me a poem about kale'), metrics())).toContain(
      NOT_CONFIGURED_NOTE,
    );
  });
  it('answers consistency with streak and adherence, and blood pressure without glucose', () => {
    const m = metrics({ adherence: { taken: 9, skipped: 1, missed: 2 } });
    const answer = analystAnswer(
      analystIntent('How consistent have I been with logging and medications?'),
      m,
    );
    expect(answer).toContain('current logging streak is 2 days');
    expect(answer).toContain('9 of 12 doses taken (75%), 1 skipped, 2 missed');
    expect(analystIntent('average blood pressure').topics).toEqual(['blood-pressure']);
  });
});
