import { describe, expect, it } from 'vitest';
import { labTestName } from './lab-test-name';

describe('An imported lab test’s name', () => {
  it('is the record’s own words when a person wrote them', () => {
    expect(labTestName('Glucose', '2339-0')).toBe('Glucose');
    expect(labTestName('Leukocytes', '6690-2')).toBe('Leukocytes');
    expect(labTestName('Urea nitrogen, Serum', '3094-0')).toBe('Urea nitrogen, Serum');
  });

  it('is the short name a person knows when the record gives the LOINC name (Synthea’s)', () => {
    expect(labTestName('Hemoglobin A1c/Hemoglobin.total in Blood', '4548-4')).toBe('Hemoglobin A1c');
    expect(labTestName('Leukocytes [#/volume] in Blood by Automated count', '6690-2')).toBe(
      'White blood cells (WBC)',
    );
    expect(labTestName('WBC Auto (Bld) [#/Vol]', '6690-2')).toBe('White blood cells (WBC)');
    expect(labTestName('Hemoglobin [Mass/volume] in Blood', '718-7')).toBe('Hemoglobin');
  });

  it('is the LOINC name’s analyte for a test the app has no short name for', () => {
    expect(labTestName('Glucose [Mass/volume] in Blood', '2339-0')).toBe('Glucose');
    expect(labTestName('Platelet mean volume [Entitic volume] in Blood by Automated count', '32623-1')).toBe(
      'Platelet mean volume',
    );
    expect(labTestName('MCHC [Mass/volume] by Automated count', '786-4')).toBe('MCHC');
    expect(labTestName('Cholesterol in HDL [Mass/volume] in Serum or Plasma', '2085-9')).toBe(
      'HDL cholesterol',
    );
    expect(labTestName('Cholesterol in LDL [Mass/volume] in Serum or Plasma', '18262-6')).toBe(
      'Cholesterol in LDL',
    );
  });

  it('falls back on the subset’s name, then the code, when the record has no words', () => {
    expect(labTestName(null, '4548-4')).toBe('Hemoglobin A1c');
    expect(labTestName('  ', '99999-9')).toBe('99999-9');
  });
});
