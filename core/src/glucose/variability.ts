/**
 * Glucose variability from the coefficient of variation (tracking spec §9: under 36% Low, under 42%
 * Moderate, else High). 36% is the consensus threshold for stable glucose (Battelino 2019).
 */
export type VariabilityLabel = 'Low' | 'Moderate' | 'High';

export function variabilityLabel(cvPercent: number): VariabilityLabel {
  if (cvPercent < 36) return 'Low';
  if (cvPercent < 42) return 'Moderate';
  return 'High';
}

/** The goal the trends screen states: time in range above 70%. */
export const TIME_IN_RANGE_GOAL_PERCENT = 70;
