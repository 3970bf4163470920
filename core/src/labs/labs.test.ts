import { describe, expect, it } from 'vitest';
import { HBA1C_LOINC } from './hba1c';
import { LabResultCreateRequest } from './lab-result.schema';
import {
  canConvertLabUnit,
  convertLabValue,
  defaultReferenceRange,
  flagFromRange,
  resolveLabFlag,
  roundLabValue,
} from './lab-units';
import { findLabTest, LOINC_SUBSET, searchLabTests } from './loinc-subset';

describe('LOINC subset', () => {
  it('has each code once, each with a main unit and a well-formed code', () => {
    const codes = LOINC_SUBSET.map((t) => t.loinc);
    expect(new Set(codes).size).toBe(codes.length);
    for (const t of LOINC_SUBSET) {
      expect(t.loinc).toMatch(/^\d+-\d$/);
      expect(t.units.length).toBeGreaterThan(0);
    }
  });

  it('holds the common panels: A1C, lipids, metabolic, thyroid, vitamin D, blood count, liver, urine ACR', () => {
    for (const code of ['4548-4', '2093-3', '13457-7', '2085-9', '2571-8', '2345-7', '2160-0', '62238-1']) {
      expect(findLabTest(code), code).toBeDefined();
    }
    for (const code of [
      '3016-3',
      '3024-7',
      '62292-8',
      '718-7',
      '6690-2',
      '777-3',
      '1742-6',
      '1920-8',
      '9318-7',
    ]) {
      expect(findLabTest(code), code).toBeDefined();
    }
    expect(findLabTest(HBA1C_LOINC)?.units[0]?.ucum).toBe('%');
  });

  it('finds tests by words of their name, panel or code', () => {
    expect(searchLabTests('ldl').map((t) => t.loinc)).toEqual(['13457-7', '2089-1']);
    expect(searchLabTests('4548').map((t) => t.name)).toEqual(['Hemoglobin A1c']);
    expect(searchLabTests('lipid').length).toBe(5);
    expect(searchLabTests('nothing like this')).toEqual([]);
  });

  it('finds tests by the other names people know them by', () => {
    expect(searchLabTests('HbA1c').map((t) => t.name)).toEqual(['Hemoglobin A1c']);
    expect(searchLabTests('glycated').map((t) => t.name)).toEqual(['Hemoglobin A1c']);
    expect(searchLabTests('hgb').map((t) => t.name)).toEqual(['Hemoglobin']);
    expect(searchLabTests('SGPT').map((t) => t.loinc)).toEqual(['1742-6']);
    expect(searchLabTests('blood sugar').map((t) => t.name)).toEqual(['Glucose']);
  });
});

describe('lab unit conversion (UCUM factors)', () => {
  it('converts glucose with the app factor 18.0156', () => {
    expect(convertLabValue('2345-7', 5.5, 'mmol/L', 'mg/dL')).toBeCloseTo(99.09, 2);
    expect(convertLabValue('2345-7', 180.156, 'mg/dL', 'mmol/L')).toBeCloseTo(10, 6);
  });

  it('converts cholesterol by 38.67, triglycerides by 88.57, creatinine by 88.42', () => {
    expect(convertLabValue('13457-7', 2.6, 'mmol/L', 'mg/dL')).toBeCloseTo(100.54, 2);
    expect(convertLabValue('2085-9', 38.67, 'mg/dL', 'mmol/L')).toBeCloseTo(1, 6);
    expect(convertLabValue('2571-8', 1.7, 'mmol/L', 'mg/dL')).toBeCloseTo(150.57, 2);
    expect(convertLabValue('2160-0', 1, 'mg/dL', 'umol/L')).toBeCloseTo(88.42, 6);
    expect(convertLabValue('2160-0', 88.42, 'umol/L', 'mg/dL')).toBeCloseTo(1, 6);
  });

  it('refuses units UCUM does not make convertible for the test', () => {
    expect(canConvertLabUnit('4548-4', '%', 'mmol/mol')).toBe(false);
    expect(convertLabValue('4548-4', 7, '%', 'mmol/mol')).toBeNull();
    // mmol/L is convertible for glucose but not for sodium's own list (already mmol/L) to mg/dL
    expect(convertLabValue('2951-2', 140, 'mmol/L', 'mg/dL')).toBeNull();
    expect(convertLabValue('2951-2', 140, 'mmol/L', 'mmol/L')).toBe(140);
  });

  it('rounds converted values as a lab prints them', () => {
    expect(roundLabValue(100.5432)).toBe(101);
    expect(roundLabValue(5.5123)).toBe(5.51);
    expect(roundLabValue(38.67)).toBe(38.7);
  });

  it('gives the default reference range in the unit chosen, a "below" limit as the real limit', () => {
    expect(defaultReferenceRange('13457-7', 'mg/dL')).toMatchObject({
      low: null,
      high: 100,
      highExclusive: true,
    });
    expect(defaultReferenceRange('13457-7', 'mmol/L')).toMatchObject({ high: 2.59, highExclusive: true });
    expect(defaultReferenceRange('2345-7', 'mg/dL')).toMatchObject({
      low: 70,
      high: 99,
      highExclusive: false,
    });
    expect(defaultReferenceRange('2160-0', 'mg/dL')).toBeNull();
  });
});

describe('lab flags', () => {
  it('flags below the low end low, above the high end high, inside normal', () => {
    expect(flagFromRange(3.2, 3.5, 5)).toBe('low');
    expect(flagFromRange(5.1, 3.5, 5)).toBe('high');
    expect(flagFromRange(3.5, 3.5, 5)).toBe('normal');
    expect(flagFromRange(160, null, 99)).toBe('high');
  });

  // The flag of a value typed in a unit against the shipped range, as Add a result stores it.
  const shippedFlag = (loinc: string, value: number, unit: string) => {
    const r = defaultReferenceRange(loinc, unit)!;
    return flagFromRange(value, r.low, r.high, r.highExclusive);
  };

  it('flags a "below X" guideline high only from X up, in either unit', () => {
    // LDL "Below 100 mg/dL": 2.57 mmol/L is 99.4 mg/dL.
    expect(shippedFlag('2089-1', 99.4, 'mg/dL')).toBe('normal');
    expect(shippedFlag('2089-1', 99.99, 'mg/dL')).toBe('normal');
    expect(shippedFlag('2089-1', 100, 'mg/dL')).toBe('high');
    expect(shippedFlag('2089-1', 2.57, 'mmol/L')).toBe('normal');
    expect(shippedFlag('2089-1', 2.58, 'mmol/L')).toBe('normal');
    expect(shippedFlag('2089-1', 2.59, 'mmol/L')).toBe('high');
    // Total cholesterol "Below 200 mg/dL": 5.17 mmol/L is 199.9 mg/dL, 5.18 is 200.3.
    expect(shippedFlag('2093-3', 199.5, 'mg/dL')).toBe('normal');
    expect(shippedFlag('2093-3', 200, 'mg/dL')).toBe('high');
    expect(shippedFlag('2093-3', 5.17, 'mmol/L')).toBe('normal');
    expect(shippedFlag('2093-3', 5.18, 'mmol/L')).toBe('high');
    // Triglycerides "Below 150 mg/dL": 1.69 mmol/L is 149.7 mg/dL, 1.70 is 150.6.
    expect(shippedFlag('2571-8', 149.9, 'mg/dL')).toBe('normal');
    expect(shippedFlag('2571-8', 150, 'mg/dL')).toBe('high');
    expect(shippedFlag('2571-8', 1.69, 'mmol/L')).toBe('normal');
    expect(shippedFlag('2571-8', 1.7, 'mmol/L')).toBe('high');
    // Urine albumin/creatinine "Below 30 mg/g": 3.39 mg/mmol is 29.97 mg/g.
    expect(shippedFlag('9318-7', 29.9, 'mg/g')).toBe('normal');
    expect(shippedFlag('9318-7', 30, 'mg/g')).toBe('high');
    expect(shippedFlag('9318-7', 3.39, 'mg/mmol')).toBe('normal');
    expect(shippedFlag('9318-7', 3.4, 'mg/mmol')).toBe('high');
    // HbA1c "Below 5.7%".
    expect(shippedFlag(HBA1C_LOINC, 5.65, '%')).toBe('normal');
    expect(shippedFlag(HBA1C_LOINC, 5.7, '%')).toBe('high');
  });

  it('reads every shipped range written "below X" or "less than X" as X exclusive', () => {
    for (const t of LOINC_SUBSET) {
      if (!t.range || !/^(below|less than) /i.test(t.range.text)) continue;
      const limit = Number(/^(?:below|less than) ([\d.]+)/i.exec(t.range.text)![1]);
      expect({ loinc: t.loinc, high: t.range.high, exclusive: t.range.highExclusive }).toEqual({
        loinc: t.loinc,
        high: limit,
        exclusive: true,
      });
    }
  });

  it('gives no flag without a range or a number', () => {
    expect(flagFromRange(5, null, null)).toBeNull();
    expect(flagFromRange(null, 1, 2)).toBeNull();
  });

  it('keeps the flag the source gave, critical included', () => {
    const range = { referenceLow: 3.5, referenceHigh: 5, referenceHighExclusive: false };
    expect(resolveLabFlag({ flag: 'critical', value: 6.9, ...range })).toBe('critical');
    expect(resolveLabFlag({ flag: null, value: 6.9, ...range })).toBe('high');
    expect(resolveLabFlag({ flag: null, value: 5, ...range })).toBe('normal');
    expect(resolveLabFlag({ flag: null, value: 5, ...range, referenceHighExclusive: true })).toBe('high');
  });
});

describe('lab result request', () => {
  const base = { testName: 'LDL cholesterol', loinc: '13457-7', effectiveAt: '2026-01-05T09:00:00Z' };

  it('needs a number or a text value', () => {
    expect(LabResultCreateRequest.safeParse(base).success).toBe(false);
    expect(LabResultCreateRequest.safeParse({ ...base, value: 3.1, unit: 'mmol/L' }).success).toBe(true);
    expect(LabResultCreateRequest.safeParse({ ...base, valueText: 'Negative' }).success).toBe(true);
  });

  it('refuses a future date, a malformed LOINC code and a range upside down', () => {
    const bad = (extra: object) => LabResultCreateRequest.safeParse({ ...base, value: 1, ...extra }).success;
    expect(bad({ effectiveAt: new Date(Date.now() + 86_400_000).toISOString() })).toBe(false);
    expect(bad({ loinc: 'LDL' })).toBe(false);
    expect(bad({ referenceLow: 5, referenceHigh: 1 })).toBe(false);
  });

  it('dates a result given a date only by its day, stored at noon UTC; a time keeps it a timed one', () => {
    const parse = (extra: object) => LabResultCreateRequest.parse({ ...base, value: 1, ...extra });
    expect(parse({ effectiveAt: '2026-01-05' })).toMatchObject({
      effectiveAt: '2026-01-05T12:00:00.000Z',
      effectivePrecision: 'day',
    });
    expect(parse({})).toMatchObject({ effectiveAt: base.effectiveAt, effectivePrecision: null });
    // An instant said to be of a day is stored at the middle of that day, as an import stores it.
    expect(parse({ effectiveAt: '2026-01-05T03:00:00Z', effectivePrecision: 'day' })).toMatchObject({
      effectiveAt: '2026-01-05T12:00:00.000Z',
      effectivePrecision: 'day',
    });
    const refused = (effectiveAt: string) =>
      LabResultCreateRequest.safeParse({ ...base, value: 1, effectiveAt }).error?.issues.map((i) => i.path);
    expect(refused('2026-02-30')).toEqual([['effectiveAt']]);
    expect(refused('2026-01-05T09:00')).toEqual([['effectiveAt']]);
    // A date that has begun nowhere on Earth yet.
    expect(refused(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10))).toEqual([
      ['effectiveAt'],
    ]);
  });
});
