import { describe, expect, it } from 'vitest';
import { convertSameMeasure, sameMeasure } from './lab-unit-measure';
import { canConvertLabUnit, convertLabValue } from './lab-units';

describe('unit spellings of one measure', () => {
  it('takes every spelling of a platelet or white cell count as the same number', () => {
    for (const u of [
      '10*9/L',
      '10^9/L',
      'x10E9/L',
      '×10^9/L',
      '10E9/L',
      'G/L',
      'K/uL',
      'K/µL',
      'thou/uL',
      '10^3/mm3',
    ])
      expect(convertSameMeasure(123, u, '10*3/uL'), u).toBe(123);
  });

  it('takes 10*12/L, T/L and M/uL as 10*6/uL for a red cell count', () => {
    for (const u of ['10*12/L', '10^12/L', 'x10E12/L', 'T/L', 'M/uL', 'mill/uL', '10*6/µL'])
      expect(convertSameMeasure(4.5, u, '10*6/uL'), u).toBe(4.5);
  });

  it('keeps counts a thousand apart apart', () => {
    expect(convertSameMeasure(4.5, '10*12/L', '10*3/uL')).toBe(4500);
    expect(convertSameMeasure(250, '10*9/L', '10*6/uL')).toBe(0.25);
  });

  it('ignores the case of the volume, and converts a mass per litre to per decilitre', () => {
    expect(convertSameMeasure(99, 'mg/dl', 'mg/dL')).toBe(99);
    expect(convertSameMeasure(5.5, 'mmol/l', 'mmol/L')).toBe(5.5);
    expect(convertSameMeasure(135, 'g/L', 'g/dL')).toBe(13.5);
    expect(convertSameMeasure(88, 'µmol/L', 'umol/L')).toBe(88);
    expect(convertSameMeasure(2.1, 'mIU/L', 'uIU/mL')).toBe(2.1);
    expect(convertSameMeasure(30, 'IU/L', 'U/L')).toBe(30);
    expect(convertSameMeasure(95, 'mL/min/1.73m2', 'mL/min/{1.73_m2}')).toBe(95);
  });

  it('never mixes a mass, an amount, a count or a percentage', () => {
    expect(sameMeasure('g/L', 'G/L')).toBe(false);
    expect(sameMeasure('mg/dL', 'mmol/L')).toBe(false);
    expect(sameMeasure('%', 'mmol/mol')).toBe(false);
    expect(convertSameMeasure(48, 'mmol/mol', '%')).toBeNull();
  });

  it('matches a spelling it does not know only to itself', () => {
    expect(convertSameMeasure(3, 'mg/g', 'mg/g')).toBe(3);
    expect(convertSameMeasure(3, '{ratio}', 'mg/g')).toBeNull();
    expect(convertSameMeasure(3, null, null)).toBe(3);
    expect(convertSameMeasure(3, null, '%')).toBeNull();
  });
});

describe('a test’s value between units', () => {
  it('moves between a mass and an amount only for a test with a known factor', () => {
    expect(convertLabValue('2345-7', 5.5, 'mmol/l', 'mg/dl')).toBeCloseTo(99.09, 2);
    expect(convertLabValue('2093-3', 5, 'mmol/L', 'mg/dL')).toBeCloseTo(193.35, 2);
    expect(convertLabValue('2571-8', 1, 'mmol/L', 'mg/dL')).toBeCloseTo(88.57, 2);
    expect(convertLabValue('2160-0', 88.42, 'µmol/L', 'mg/dL')).toBeCloseTo(1, 6);
    // Calcium has no factor in the app: mmol/L is not placed among mg/dL.
    expect(convertLabValue('17861-6', 2.4, 'mmol/L', 'mg/dL')).toBeNull();
    expect(canConvertLabUnit('777-3', '10*9/L', '10*3/uL')).toBe(true);
    expect(canConvertLabUnit('4548-4', 'mmol/mol', '%')).toBe(false);
  });

  it('converts across a factor and a spelling at once (mmol/L to mg/L)', () => {
    expect(convertLabValue('2345-7', 5.5, 'mmol/L', 'mg/L')).toBeCloseTo(990.86, 2);
  });
});
