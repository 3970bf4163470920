/**
 * The ACC/AHA 2017 blood pressure categories (Whelton et al., Hypertension 2018), by the higher of the
 * two numbers' categories. A crisis level is 180/120 mmHg or higher (DESIGN §10).
 */
export type BloodPressureCategory = 'normal' | 'elevated' | 'stage-1' | 'stage-2' | 'crisis';

/** ACC/AHA 2017: 180/120 mmHg and above is a hypertensive crisis level. */
export const CRISIS_SYSTOLIC_MMHG = 180;
export const CRISIS_DIASTOLIC_MMHG = 120;

/**
 * A body's readings, as validated home monitors measure them (their stated ranges run from about 60 to
 * 260 mmHg systolic and 30–40 to 160–200 diastolic): a value outside is a typing or cuff error, while
 * every crisis reading (250/150) stays inside.
 */
export const SYSTOLIC_MIN_MMHG = 60;
export const SYSTOLIC_MAX_MMHG = 260;
export const DIASTOLIC_MIN_MMHG = 30;
export const DIASTOLIC_MAX_MMHG = 160;

export const BLOOD_PRESSURE_CATEGORY_TEXT: Record<BloodPressureCategory, { name: string; range: string }> = {
  normal: { name: 'Normal', range: 'below 120 systolic and below 80 diastolic' },
  elevated: { name: 'Elevated', range: '120–129 systolic and below 80 diastolic' },
  'stage-1': { name: 'Stage 1 hypertension', range: '130–139 systolic or 80–89 diastolic' },
  'stage-2': { name: 'Stage 2 hypertension', range: '140 or more systolic or 90 or more diastolic' },
  crisis: { name: 'Hypertensive crisis level', range: '180 or more systolic or 120 or more diastolic' },
};

export function bloodPressureCategory(systolic: number, diastolic: number): BloodPressureCategory {
  if (systolic >= CRISIS_SYSTOLIC_MMHG || diastolic >= CRISIS_DIASTOLIC_MMHG) return 'crisis';
  if (systolic >= 140 || diastolic >= 90) return 'stage-2';
  if (systolic >= 130 || diastolic >= 80) return 'stage-1';
  if (systolic >= 120) return 'elevated';
  return 'normal';
}

export const isCrisisPressure = (systolic: number, diastolic: number) =>
  bloodPressureCategory(systolic, diastolic) === 'crisis';
