import { describe, expect, it } from 'vitest';
import { labNumberText, labValueText, rangeWords } from './lab-value-format';
import { ucumLabel } from './ucum-labels';

describe('lab values as people read them', () => {
  it('keeps what the value carries, without float noise, capped at three significant figures', () => {
    expect(labValueText(37.676070657503075, 'Cel')).toBe('37.7 °C');
    expect(labValueText(25.964995785379898, 'mmol/L')).toBe('26 mmol/L');
    expect(labValueText(421.60000436128246, 'fL')).toBe('422 fL');
    expect(labValueText(4.21, '10*12/L')).toBe('4.21 × 10¹²/L');
    expect(labValueText(13.2, 'g/dL')).toBe('13.2 g/dL');
    expect(labNumberText(0.1 + 0.2)).toBe('0.3');
    expect(labNumberText(0.0123)).toBe('0.0123');
    expect(labNumberText(-2.456)).toBe('-2.46');
  });

  it('keeps integers whole, however large', () => {
    expect(labValueText(132, 'mm[Hg]')).toBe('132 mmHg');
    expect(labValueText(250000, '10*3/uL')).toBe('250000 × 10³/µL');
    expect(labNumberText(0)).toBe('0');
  });

  it('writes a percentage to one decimal against the number, as the A1C screens do', () => {
    expect(labValueText(6.352684229274522, '%')).toBe('6.4%');
    expect(labValueText(35.3, '%')).toBe('35.3%');
    expect(labValueText(40, '%')).toBe('40%');
  });

  it('writes a score with no unit after it', () => {
    expect(labValueText(3.2565071155228864, '{score}')).toBe('3.26');
    expect(labValueText(7, null)).toBe('7');
  });
});

describe('UCUM codes in words', () => {
  it.each([
    ['Cel', '°C'],
    ['[degF]', '°F'],
    ['mm[Hg]', 'mmHg'],
    ['kg/m2', 'kg/m²'],
    ['10*9/L', '× 10⁹/L'],
    ['10*12/L', '× 10¹²/L'],
    ['10*3/uL', '× 10³/µL'],
    ['umol/L', 'µmol/L'],
    ['ug/dL', 'µg/dL'],
    ['m[IU]/L', 'mIU/L'],
    ['u[IU]/mL', 'µIU/mL'],
    ['mL/min/{1.73_m2}', 'mL/min/1.73 m²'],
    ['{beats}/min', 'beats/min'],
    ['{score}', ''],
    ['[lb_av]', 'lb'],
    ['U/L', 'U/L'],
    ['mg/dL', 'mg/dL'],
  ])('%s is written %s', (ucum, label) => {
    expect(ucumLabel(ucum)).toBe(label);
  });
});

describe('reference ranges as people read them', () => {
  it('joins the ends with the unit once, and a score without a stray space', () => {
    expect(rangeWords(3.5, 5.1, 'mmol/L')).toBe('3.5–5.1 mmol/L');
    expect(rangeWords(4, 6, '{score}')).toBe('4–6');
    expect(rangeWords(4, 6, null)).toBe('4–6');
    expect(rangeWords(null, 200, 'mg/dL')).toBe('200 mg/dL or less');
    expect(rangeWords(null, 2.59, 'mmol/L', true)).toBe('Below 2.59 mmol/L');
    expect(rangeWords(3.5, 5, 'mmol/L', true)).toBe('3.5 to below 5 mmol/L');
    expect(rangeWords(4, null, '%')).toBe('4% or more');
    expect(rangeWords(null, null, 'mg/dL')).toBe('');
  });
});
