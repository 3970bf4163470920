import { describe, expect, it } from 'vitest';
import { detectEmergencies } from '../ai/emergency';
import { emergencyAnswer } from '../ai/emergency-words';
import { bloodPressureCategory, isCrisisPressure } from './blood-pressure-category';
import { BloodPressureData } from './entry.schema';
import { crisisPressureSteps } from './pressure-crisis-words';

describe('ACC/AHA blood pressure categories', () => {
  it.each([
    [119, 79, 'normal'],
    [120, 79, 'elevated'],
    [129, 79, 'elevated'],
    [130, 70, 'stage-1'],
    [118, 80, 'stage-1'],
    [139, 89, 'stage-1'],
    [140, 85, 'stage-2'],
    [125, 90, 'stage-2'],
    [179, 119, 'stage-2'],
    [180, 100, 'crisis'],
    [150, 120, 'crisis'],
  ] as const)('%i/%i mmHg → %s', (sys, dia, category) =>
    expect(bloodPressureCategory(sys, dia)).toBe(category),
  );

  it('a crisis reading is the crisis category, and nothing below it', () => {
    expect([isCrisisPressure(180, 90), isCrisisPressure(140, 120), isCrisisPressure(179, 119)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('the assistant says the same what-to-do-now words as the log screens', () => {
    const answer = emergencyAnswer(detectEmergencies('my bp is 185/95', 'mg/dL'));
    expect(answer).toContain(
      `185/95 mmHg is at a hypertensive crisis level (180/120 mmHg or higher). Now: ${crisisPressureSteps()}`,
    );
    expect(crisisPressureSteps()).toMatch(
      /^If you have chest pain, shortness of breath, back pain, numbness or weakness, a change in vision or difficulty speaking, call emergency services .* now\. Otherwise sit quietly for 5 minutes and measure again\./,
    );
  });
});

describe('a blood pressure must be a body’s reading', () => {
  const issues = (systolic: number, diastolic: number) => {
    const r = BloodPressureData.safeParse({ systolic, diastolic });
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('refuses what no monitor measures: 300/20, 55/40, 200/170', () => {
    expect(issues(300, 20)).toEqual([
      'Systolic must be between 60 and 260 mmHg: check the reading',
      'Diastolic must be between 30 and 160 mmHg: check the reading',
    ]);
    expect(issues(55, 40)).toEqual(['Systolic must be between 60 and 260 mmHg: check the reading']);
    expect(issues(200, 170)).toEqual(['Diastolic must be between 30 and 160 mmHg: check the reading']);
  });

  it('keeps every real reading, a crisis included: 250/150, 260/160, 60/30, 120/80', () => {
    for (const [s, d] of [
      [250, 150],
      [260, 160],
      [60, 30],
      [120, 80],
    ] as const)
      expect(issues(s, d)).toEqual([]);
  });
});
