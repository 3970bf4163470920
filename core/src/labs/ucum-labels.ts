/** How a UCUM code is written for people (most are written as they are coded). */
const LABELS: Record<string, string> = {
  'umol/L': 'µmol/L',
  'm[IU]/L': 'mIU/L',
  'mL/min/{1.73_m2}': 'mL/min/1.73 m²',
  '10*3/uL': '× 10³/µL',
  '10*6/uL': '× 10⁶/µL',
};

export const ucumLabel = (ucum: string) => LABELS[ucum] ?? ucum;
