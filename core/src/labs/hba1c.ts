/**
 * The A1C tracker's test as a lab result, kept apart from the LOINC subset so the A1C screen loads
 * these few constants without the whole table. LOINC © Regenstrief Institute (see loinc-subset.ts).
 */
export const HBA1C_LOINC = '4548-4';
export const HBA1C_TEST_NAME = 'Hemoglobin A1c';
export const HBA1C_UNIT = '%';
/** ADA: below 5.7% is normal; 5.7% and above is flagged high (the high end is exclusive). */
export const HBA1C_REFERENCE = {
  low: null,
  high: 5.7,
  highExclusive: true,
  text: 'Below 5.7% (ADA)',
} as const;
