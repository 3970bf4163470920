import type { CodeableConcept, Coding, Quantity } from '@medplum/fhirtypes';

export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
/** The HL7 CGM implementation guide's summary codes (STU 1). */
export const CGM_SUMMARY = 'http://hl7.org/fhir/uv/cgm/CodeSystem/cgm-summary-codes-temporary';

export const loinc = (code: string, display: string, text = display): CodeableConcept => ({
  coding: [{ system: LOINC, code, display }],
  text,
});

export const category = (
  code: 'vital-signs' | 'laboratory' | 'survey' | 'social-history' | 'therapy',
): CodeableConcept[] => [{ coding: [{ system: OBSERVATION_CATEGORY, code }] }];

export const quantity = (value: number, unit: string, code = unit): Quantity => ({
  value,
  unit,
  system: UCUM,
  code,
});

/** The LOINC codes of the export, one place (the tests check the bundle against these). */
export const CODES = {
  glucoseMassBlood: { code: '2339-0', display: 'Glucose [Mass/volume] in Blood' },
  glucoseMolesBlood: { code: '15074-8', display: 'Glucose [Moles/volume] in Blood' },
  glucoseInterstitial: { code: '99504-3', display: 'Glucose [Mass/volume] in Interstitial fluid' },
  bloodPressurePanel: { code: '85354-9', display: 'Blood pressure panel with all children optional' },
  systolic: { code: '8480-6', display: 'Systolic blood pressure' },
  diastolic: { code: '8462-4', display: 'Diastolic blood pressure' },
  bodyWeight: { code: '29463-7', display: 'Body weight' },
  hba1c: { code: '4548-4', display: 'Hemoglobin A1c/Hemoglobin.total in Blood' },
  painSeverity: { code: '72514-3', display: 'Pain severity - 0-10 verbal numeric rating [Score] - Reported' },
  caloriesIntake: { code: '9052-2', display: 'Calorie intake total' },
  carbsIntake: { code: '9059-7', display: 'Carbohydrate intake Estimated' },
  meanGlucoseInterstitial: {
    code: '97507-8',
    display: 'Average glucose [Mass/volume] in Interstitial fluid during Reporting Period',
  },
} as const satisfies Record<string, Pick<Coding, 'code' | 'display'>>;

export const coded = (c: { code: string; display: string }, text?: string) => loinc(c.code, c.display, text);

/**
 * Healthfolio's own code system, for what no standard code names (a meal, its type, a journal entry):
 * a URL under the instance that wrote the export. The import recognises it by its path, from any
 * instance (`HEALTHFOLIO_CODES_PATH`).
 */
export const HEALTHFOLIO_CODES_PATH = '/fhir/CodeSystem/healthfolio';
export const healthfolioCodeSystem = (appUrl: string) =>
  `${appUrl.replace(/\/+$/, '')}${HEALTHFOLIO_CODES_PATH}`;

export const healthfolioCode = (
  ctx: { codeSystem: string },
  code: string,
  display: string,
): CodeableConcept => ({
  coding: [{ system: ctx.codeSystem, code, display }],
  text: display,
});

/**
 * A plan's amounts met so far, which coverage-copay-type has no code for: written as the cost's
 * words (fhir/coverage.ts) and read back by the import (record-import/map-payer.ts).
 */
export const DEDUCTIBLE_MET = 'Deductible met';
export const OUT_OF_POCKET_MET = 'Out-of-pocket met';

/**
 * Healthfolio's own extensions, for what no standard element holds (a bill's due date and payments):
 * `<APP_URL>/fhir/StructureDefinition/<name>`, recognised by the import by its path, from any instance.
 */
export const HEALTHFOLIO_EXTENSIONS_PATH = '/fhir/StructureDefinition/';
export const healthfolioExtension = (ctx: { codeSystem: string }, name: string) =>
  `${ctx.codeSystem.slice(0, -HEALTHFOLIO_CODES_PATH.length)}${HEALTHFOLIO_EXTENSIONS_PATH}${name}`;
