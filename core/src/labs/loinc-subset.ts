/*
 * This material contains content from LOINC (http://loinc.org). LOINC is copyright © Regenstrief
 * Institute, Inc. and the Logical Observation Identifiers Names and Codes (LOINC) Committee and is
 * available at no cost under the license at http://loinc.org/license. LOINC® is a registered
 * United States trademark of Regenstrief Institute, Inc.
 *
 * A small subset shipped with the app for typed entry: the common lab panels, each test with its
 * usual UCUM unit. Reference ranges are given only where one adult range is well established and
 * does not depend on sex or the lab's method; elsewhere the person copies the range from their report.
 * No critical limits are shipped (no source the app can cite for every lab): a result is flagged
 * critical only when its source says so.
 */
import { MGDL_PER_MMOLL } from '../units/glucose-units';
import { HBA1C_LOINC, HBA1C_REFERENCE, HBA1C_TEST_NAME, HBA1C_UNIT } from './hba1c';

/** A unit a test can be reported in: its UCUM code, how it is written, and the factor to the test's main unit. */
export interface LabUnit {
  ucum: string;
  label: string;
  /** value in the main unit = value in this unit × toMain */
  toMain: number;
}

export interface LabReferenceRange {
  low: number | null;
  high: number | null;
  /** "Below 100": the high end itself is outside the range (flagged high), not its last normal value. */
  highExclusive: boolean;
  text: string;
}

export interface LabTestDefinition {
  loinc: string;
  name: string;
  panel: LabPanel;
  /** The first is the main unit, in which `range` is written. */
  units: readonly LabUnit[];
  range: LabReferenceRange | null;
}

export const LAB_PANELS = [
  'Diabetes',
  'Lipid panel',
  'Metabolic panel',
  'Thyroid',
  'Vitamins',
  'Blood count',
  'Liver',
  'Kidney',
] as const;
export type LabPanel = (typeof LAB_PANELS)[number];

/** UCUM: mg/dL of cholesterol per mmol/L (molar mass 386.65 g/mol). */
export const CHOLESTEROL_MGDL_PER_MMOLL = 38.67;
/** UCUM: mg/dL of triglycerides (as triolein) per mmol/L. */
export const TRIGLYCERIDES_MGDL_PER_MMOLL = 88.57;
/** UCUM: µmol/L of creatinine per mg/dL (molar mass 113.12 g/mol). */
export const CREATININE_UMOLL_PER_MGDL = 88.42;
/** nmol/L of 25-hydroxyvitamin D per ng/mL (molar mass 400.64 g/mol). */
export const VITAMIN_D_NMOLL_PER_NGML = 2.496;

const unit = (ucum: string, label = ucum, toMain = 1): LabUnit => ({ ucum, label, toMain });
const only = (ucum: string, label = ucum) => [unit(ucum, label)] as const;
const range = (low: number | null, high: number | null, text: string): LabReferenceRange => ({
  low,
  high,
  highExclusive: false,
  text,
});
/** A guideline written "below X": X is the real limit, and X itself is high. */
const below = (high: number, text: string): LabReferenceRange => ({
  low: null,
  high,
  highExclusive: true,
  text,
});

const glucoseUnits = [unit('mg/dL'), unit('mmol/L', 'mmol/L', MGDL_PER_MMOLL)] as const;
const cholesterolUnits = [unit('mg/dL'), unit('mmol/L', 'mmol/L', CHOLESTEROL_MGDL_PER_MMOLL)] as const;
const creatinineUnits = [unit('mg/dL'), unit('umol/L', 'µmol/L', 1 / CREATININE_UMOLL_PER_MGDL)] as const;

export const LOINC_SUBSET: readonly LabTestDefinition[] = [
  {
    loinc: HBA1C_LOINC,
    name: HBA1C_TEST_NAME,
    panel: 'Diabetes',
    units: only(HBA1C_UNIT),
    range: { ...HBA1C_REFERENCE },
  },
  {
    loinc: '2345-7',
    name: 'Glucose',
    panel: 'Metabolic panel',
    units: glucoseUnits,
    range: range(70, 99, '70–99 mg/dL fasting (ADA)'),
  },
  {
    loinc: '2093-3',
    name: 'Total cholesterol',
    panel: 'Lipid panel',
    units: cholesterolUnits,
    range: below(200, 'Below 200 mg/dL (NCEP ATP III)'),
  },
  {
    loinc: '13457-7',
    name: 'LDL cholesterol (calculated)',
    panel: 'Lipid panel',
    units: cholesterolUnits,
    range: below(100, 'Below 100 mg/dL (NCEP ATP III)'),
  },
  {
    loinc: '2089-1',
    name: 'LDL cholesterol (direct)',
    panel: 'Lipid panel',
    units: cholesterolUnits,
    range: below(100, 'Below 100 mg/dL (NCEP ATP III)'),
  },
  {
    loinc: '2085-9',
    name: 'HDL cholesterol',
    panel: 'Lipid panel',
    units: cholesterolUnits,
    range: range(40, null, '40 mg/dL or more (NCEP ATP III)'),
  },
  {
    loinc: '2571-8',
    name: 'Triglycerides',
    panel: 'Lipid panel',
    units: [unit('mg/dL'), unit('mmol/L', 'mmol/L', TRIGLYCERIDES_MGDL_PER_MMOLL)],
    range: below(150, 'Below 150 mg/dL (NCEP ATP III)'),
  },
  { loinc: '2160-0', name: 'Creatinine', panel: 'Metabolic panel', units: creatinineUnits, range: null },
  {
    loinc: '62238-1',
    name: 'eGFR (CKD-EPI)',
    panel: 'Kidney',
    units: only('mL/min/{1.73_m2}', 'mL/min/1.73 m²'),
    range: range(60, null, '60 or more (KDIGO)'),
  },
  {
    loinc: '3094-0',
    name: 'Urea nitrogen (BUN)',
    panel: 'Metabolic panel',
    units: only('mg/dL'),
    range: null,
  },
  {
    loinc: '2951-2',
    name: 'Sodium',
    panel: 'Metabolic panel',
    units: only('mmol/L'),
    range: range(135, 145, '135–145 mmol/L'),
  },
  {
    loinc: '2823-3',
    name: 'Potassium',
    panel: 'Metabolic panel',
    units: only('mmol/L'),
    range: range(3.5, 5.0, '3.5–5.0 mmol/L'),
  },
  { loinc: '2075-0', name: 'Chloride', panel: 'Metabolic panel', units: only('mmol/L'), range: null },
  {
    loinc: '2028-9',
    name: 'Carbon dioxide (bicarbonate)',
    panel: 'Metabolic panel',
    units: only('mmol/L'),
    range: null,
  },
  { loinc: '17861-6', name: 'Calcium', panel: 'Metabolic panel', units: only('mg/dL'), range: null },
  { loinc: '1751-7', name: 'Albumin', panel: 'Metabolic panel', units: only('g/dL'), range: null },
  {
    loinc: '3016-3',
    name: 'TSH (thyroid-stimulating hormone)',
    panel: 'Thyroid',
    units: only('m[IU]/L', 'mIU/L'),
    range: null,
  },
  { loinc: '3024-7', name: 'Free T4 (thyroxine)', panel: 'Thyroid', units: only('ng/dL'), range: null },
  {
    loinc: '62292-8',
    name: 'Vitamin D, 25-hydroxy',
    panel: 'Vitamins',
    units: [unit('ng/mL'), unit('nmol/L', 'nmol/L', 1 / VITAMIN_D_NMOLL_PER_NGML)],
    range: range(20, null, '20 ng/mL or more (Institute of Medicine)'),
  },
  { loinc: '718-7', name: 'Hemoglobin', panel: 'Blood count', units: only('g/dL'), range: null },
  { loinc: '4544-3', name: 'Hematocrit', panel: 'Blood count', units: only('%'), range: null },
  {
    loinc: '6690-2',
    name: 'White blood cells (WBC)',
    panel: 'Blood count',
    units: only('10*3/uL', '× 10³/µL'),
    range: null,
  },
  {
    loinc: '789-8',
    name: 'Red blood cells (RBC)',
    panel: 'Blood count',
    units: only('10*6/uL', '× 10⁶/µL'),
    range: null,
  },
  {
    loinc: '777-3',
    name: 'Platelets',
    panel: 'Blood count',
    units: only('10*3/uL', '× 10³/µL'),
    range: range(150, 450, '150–450 × 10³/µL'),
  },
  { loinc: '787-2', name: 'MCV (mean cell volume)', panel: 'Blood count', units: only('fL'), range: null },
  {
    loinc: '1742-6',
    name: 'ALT (alanine aminotransferase)',
    panel: 'Liver',
    units: only('U/L'),
    range: null,
  },
  {
    loinc: '1920-8',
    name: 'AST (aspartate aminotransferase)',
    panel: 'Liver',
    units: only('U/L'),
    range: null,
  },
  {
    loinc: '9318-7',
    name: 'Urine albumin/creatinine ratio',
    panel: 'Kidney',
    units: [unit('mg/g'), unit('mg/mmol', 'mg/mmol', 1000 / 113.12)],
    range: below(30, 'Below 30 mg/g (KDIGO)'),
  },
];

const BY_LOINC = new Map(LOINC_SUBSET.map((t) => [t.loinc, t]));

export const findLabTest = (loinc: string): LabTestDefinition | undefined => BY_LOINC.get(loinc);

/** Other names people and reports use for a test (abbreviations, older and British names). */
const ALSO_KNOWN_AS: Record<string, string> = {
  [HBA1C_LOINC]: 'HbA1c A1C glycated glycosylated haemoglobin glycohemoglobin',
  '2345-7': 'blood sugar FBG fasting plasma glucose',
  '2093-3': 'TC',
  '13457-7': 'LDL-C bad cholesterol',
  '2089-1': 'LDL-C bad cholesterol',
  '2085-9': 'HDL-C good cholesterol',
  '2571-8': 'TG trigs',
  '2160-0': 'Cr serum creatinine',
  '62238-1': 'GFR kidney function',
  '3094-0': 'urea',
  '2951-2': 'Na',
  '2823-3': 'K',
  '2075-0': 'Cl',
  '2028-9': 'CO2 HCO3 bicarb',
  '17861-6': 'Ca',
  '3016-3': 'thyrotropin',
  '3024-7': 'FT4 thyroxine',
  '62292-8': '25-OH vitamin D3 calcidiol',
  '718-7': 'Hb Hgb haemoglobin',
  '4544-3': 'Hct PCV haematocrit',
  '6690-2': 'leukocytes white count',
  '789-8': 'erythrocytes red count',
  '777-3': 'PLT platelet count thrombocytes',
  '1742-6': 'SGPT',
  '1920-8': 'SGOT',
  '9318-7': 'ACR UACR microalbumin',
};

/**
 * The subset's tests whose name, other names, panel or code contain every word typed, in the
 * subset's order ("HbA1c" finds Hemoglobin A1c, "hgb" Hemoglobin).
 */
export function searchLabTests(query: string): LabTestDefinition[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...LOINC_SUBSET];
  return LOINC_SUBSET.filter((t) => {
    const hay = `${t.name} ${ALSO_KNOWN_AS[t.loinc] ?? ''} ${t.panel} ${t.loinc}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}
