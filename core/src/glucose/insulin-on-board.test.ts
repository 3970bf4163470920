import { describe, expect, it } from 'vitest';
import {
  adjustForInsulinOnBoard,
  insulinActivity,
  insulinOnBoard,
  iobFraction,
  stackingWarning,
} from './insulin-on-board';

const rapid = { curve: 'rapid-acting', diaHours: 5 } as const;
const ultra = { curve: 'ultra-rapid', diaHours: 5 } as const;
const MIN = 60_000;
const NOW = Date.parse('2026-03-01T12:00:00Z');
const ago = (minutes: number) => NOW - minutes * MIN;

// Reference values: oref0 lib/iob/calculate.js iobCalcExponential (iobContrib, activityContrib for one
// unit) evaluated with its published constants; e.g. rapid-acting at 75 min: τ = 112.5, a = 0.75,
// S = 1 / (0.25 + 1.75·e^(−8/3)) = 2.69110, IOB = 1 − S·0.25·(−e^(−2/3) + 1) = 0.67264.
describe('insulin on board (oref0 exponential curve)', () => {
  it.each([
    [0, 1, 0],
    [30, 0.9249701856, 0.004397195559],
    [75, 0.6726398905, 0.00614068402],
    [120, 0.4105799421, 0.005268766201],
    [180, 0.1587964154, 0.003090901773],
    [240, 0.0329248688, 0.001208843894],
    [299, 0.000007414518023, 0.00001485646858],
    [300, 0, 0],
  ])('rapid-acting, DIA 5 h, %i minutes after: IOB %f of the dose', (minutes, iob, activity) => {
    expect(iobFraction(minutes, rapid)).toBeCloseTo(iob, 9);
    expect(insulinActivity(minutes, rapid)).toBeCloseTo(activity, 9);
  });

  it('uses the ultra-rapid peak (55 min) and the chosen DIA', () => {
    expect(2 * iobFraction(60, ultra)).toBeCloseTo(1.335877133, 8);
    expect(iobFraction(120, ultra)).toBeCloseTo(0.28825425, 8);
    expect(iobFraction(180, { curve: 'rapid-acting', diaHours: 6 })).toBeCloseTo(0.2081707343, 9);
    expect(3 * iobFraction(90, { curve: 'ultra-rapid', diaHours: 6 })).toBeCloseTo(1.433423839, 8);
  });

  it('peaks in activity at the curve peak', () => {
    const at = (m: number) => insulinActivity(m, rapid);
    expect(at(75)).toBeGreaterThan(at(74));
    expect(at(75)).toBeGreaterThan(at(76));
    expect(insulinActivity(55, ultra)).toBeGreaterThan(insulinActivity(54, ultra));
    expect(insulinActivity(55, ultra)).toBeGreaterThan(insulinActivity(56, ultra));
  });

  it('sums every earlier dose, ignoring doses not given yet or given at that very instant', () => {
    const doses = [
      { at: ago(75), units: 4 },
      { at: new Date(ago(120)).toISOString(), units: 2 },
      { at: ago(301), units: 10 },
      { at: NOW, units: 5 },
      { at: ago(-10), units: 5 },
    ];
    expect(insulinOnBoard(doses, NOW, rapid)).toBeCloseTo(4 * 0.6726398905 + 2 * 0.4105799421, 8);
    expect(insulinOnBoard([], NOW, rapid)).toBe(0);
  });

  it('reduces only the correction by IOB, never below zero, with numbers that add up', () => {
    expect(adjustForInsulinOnBoard({ mealInsulin: 4, correctionInsulin: 2 }, 0.74)).toEqual({
      iob: 0.7,
      correctionAfterIob: 1.3,
      totalAfterIob: 5.3,
    });
    expect(adjustForInsulinOnBoard({ mealInsulin: 3, correctionInsulin: 1 }, 2.5)).toEqual({
      iob: 2.5,
      correctionAfterIob: 0,
      totalAfterIob: 3,
    });
    expect(adjustForInsulinOnBoard({ mealInsulin: 0, correctionInsulin: 0 }, 0)).toEqual({
      iob: 0,
      correctionAfterIob: 0,
      totalAfterIob: 0,
    });
  });
});

describe('stacking window', () => {
  const correction = (minutes: number, units = 3) => ({
    id: `d${minutes}`,
    at: ago(minutes),
    units,
    correctionUnits: 1,
  });

  it('warns within the DIA of a previous correction, naming it and its remaining IOB', () => {
    const w = stackingWarning([correction(200), correction(75, 4)], NOW, rapid);
    expect(w?.dose.id).toBe('d75');
    expect(w?.minutesAgo).toBe(75);
    expect(w?.iob).toBeCloseTo(4 * 0.6726398905, 8);
  });

  it('ends exactly at the DIA: 299 minutes warns, 300 does not; the DIA setting moves it', () => {
    expect(stackingWarning([correction(299)], NOW, rapid)).not.toBeNull();
    expect(stackingWarning([correction(300)], NOW, rapid)).toBeNull();
    expect(stackingWarning([correction(300)], NOW, { curve: 'rapid-acting', diaHours: 6 })).not.toBeNull();
  });

  it('ignores meal-only doses and doses after now', () => {
    expect(stackingWarning([{ at: ago(30), units: 5, correctionUnits: 0 }], NOW, rapid)).toBeNull();
    expect(stackingWarning([{ at: ago(30), units: 5 }], NOW, rapid)).toBeNull();
    expect(stackingWarning([correction(-5)], NOW, rapid)).toBeNull();
  });
});
