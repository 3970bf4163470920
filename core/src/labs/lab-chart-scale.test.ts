import { describe, expect, it } from 'vitest';
import { labChartScale, roundStep } from './lab-chart-scale';

const isRound = (t: number, step: number) => Math.abs(t / step - Math.round(t / step)) < 1e-9;

describe('a lab trend’s y-axis', () => {
  it('counts in round steps', () => {
    expect(roundStep(10)).toBe(2);
    expect(roundStep(3.1)).toBe(1);
    expect(roundStep(1.2)).toBe(0.25);
    expect(roundStep(300)).toBe(100);
  });

  it('ticks A1c results of 5.2–7.4% with a 5.7% band at round numbers, not 3.49 or 7.91', () => {
    const { domain, ticks } = labChartScale([5.2, 6.4, 7.4, 5.7]);
    expect(ticks).toEqual([5, 5.5, 6, 6.5, 7, 7.5]);
    expect(domain).toEqual([5, 7.5]);
  });

  it('holds every point, a low platelet count included, with room for the dot on the edge', () => {
    const values = [123, 250, 310, 150, 450];
    const { domain, ticks } = labChartScale(values);
    expect(domain[0]).toBeLessThan(123);
    expect(domain[1]).toBeGreaterThan(450);
    const step = ticks[1]! - ticks[0]!;
    for (const t of ticks) expect(isRound(t, step)).toBe(true);
    expect(ticks.at(0)).toBe(domain[0]);
    expect(ticks.at(-1)).toBe(domain[1]);
  });

  it('gives a single result an axis around it, never below zero', () => {
    const { domain, ticks } = labChartScale([0.8]);
    expect(domain[0]).toBeGreaterThanOrEqual(0);
    expect(domain[0]).toBeLessThan(0.8);
    expect(domain[1]).toBeGreaterThan(0.8);
    expect(ticks.length).toBeGreaterThan(1);
  });
});
