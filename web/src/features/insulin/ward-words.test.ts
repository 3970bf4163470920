import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInDashboard } from '@/test/render-in-dashboard';
import { DoseResult } from './dose-result';
import { InsulinSettingsCard } from './insulin-settings-card';
import { IobResult } from './iob-result';
import { StackingAlert } from './stacking-alert';

const dose = (totalInsulin: number) =>
  ({ mealInsulin: totalInsulin, correctionInsulin: 0, totalInsulin }) as never;

/** The calculator's result, insulin on board, a stacking warning and the settings, as a screen reads them. */
const dosingScreen = (ward?: string) =>
  renderInDashboard(
    h(
      'div',
      null,
      h(DoseResult, { dose: null, maximum: 10 }),
      h(DoseResult, { dose: dose(8), maximum: 10 }),
      h(IobResult, {
        adjusted: { iob: 1, correctionAfterIob: 0, totalAfterIob: 7 } as never,
        dosing: { curve: 'rapid-acting', diaHours: 4, maxSingleDose: 10 } as never,
      }),
      h(StackingAlert, {
        warning: { dose: { units: 3, at: '2026-01-01T10:00:00Z' }, minutesAgo: 30, iob: 1.5 } as never,
      }),
      h(InsulinSettingsCard, { stored: null, saved: false, savedAt: null }),
    ),
    { ward },
  );

describe('the insulin calculator, for whose record it is', () => {
  it('reads as before on the account’s own record', () => {
    const text = dosingScreen();
    expect(text).toContain('Enter your glucose, the carbs you will eat, or both.');
    expect(text).toContain(
      'This dose is above 6.7 units (two thirds of your 10-unit maximum). Double-check your numbers before you take it.',
    );
    expect(text).toContain('Insulin still active from the doses you logged (rapid');
    expect(text).toContain('You logged 3.0 units including a correction at');
    expect(text).toContain('No dose is suggested until you save your own settings.');
    expect(text).toContain('These come from your care team:');
  });

  it('names the ward while a guardian acts for her, with the same safety words', () => {
    const text = dosingScreen('Mia');
    expect(text).toContain('Enter Mia’s glucose, the carbs Mia will eat, or both.');
    expect(text).toContain(
      'This dose is above 6.7 units (two thirds of Mia’s 10-unit maximum). Double-check the numbers before it is given.',
    );
    expect(text).toContain('Insulin still active from Mia’s logged doses (rapid');
    expect(text).toContain('Mia’s dose of 3.0 units including a correction was logged at');
    expect(text).toContain('No dose is suggested until you save Mia’s settings.');
    expect(text).toContain('These come from Mia’s care team:');
    expect(text).not.toMatch(/\byour\b|\bYou logged\b/i);
  });
});
