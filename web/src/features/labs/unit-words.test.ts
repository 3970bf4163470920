import { describe, expect, it } from 'vitest';
import { trendUnitCaption, unitChoiceLabel } from './unit-words';

describe('a lab result’s unit in words', () => {
  it('is the printed unit when there is one', () => {
    expect(unitChoiceLabel('mg/dL')).toBe('mg/dL');
    expect(trendUnitCaption('mmol/L')).toBe('In mmol/L');
  });

  it('says what a unit-less result is, never "No unit" or "the reported unit"', () => {
    expect(unitChoiceLabel('{score}')).toBe('A score, without a unit');
    expect(trendUnitCaption('{score}')).toBe('As a score, without a unit');
    expect(trendUnitCaption('{ratio}')).toBe('As a ratio, without a unit');
    expect(unitChoiceLabel('[pH]')).toBe('pH, without a unit');
    expect(trendUnitCaption('1')).toBe('As a plain number, without a unit');
    expect(trendUnitCaption('')).toBe('As a plain number, without a unit');
  });
});
