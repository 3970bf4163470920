import { findLabTest } from './loinc-subset';

/** Specimens a LOINC name ends with ("… in Serum or Plasma", "… of Blood"). */
const SPECIMEN = '(?:Blood|Serum|Plasma|Urine|Capillary|Venous|Arterial|Body fluid|Cerebral spinal fluid)';

/**
 * The marks of a LOINC name rather than a person's: a property in brackets ("[Mass/volume]",
 * "[#/Vol]"), a ratio to a total ("/Hemoglobin.total"), a specimen or a method after the analyte
 * ("in Blood", "by Automated count").
 */
const LOINC_NAME = new RegExp(
  `\\[[^\\]]*\\]|/[\\w ]+\\.total\\b|\\s(?:in|of) ${SPECIMEN}\\b|\\sby Automated\\b`,
);

/** Where a LOINC name's analyte ends: its property, its ratio, its specimen or its method. */
const AFTER_ANALYTE = new RegExp(
  `\\s*\\[|/[\\w ]+\\.total\\b|\\s+(?:in|of) ${SPECIMEN}\\b|\\s+by\\s|\\s+Auto\\b`,
);

/**
 * A lab test's name as a person knows it: the record's own words for it, unless they are a LOINC
 * name ("Hemoglobin A1c/Hemoglobin.total in Blood", "WBC Auto (Bld) [#/Vol]"), then the name the
 * app's LOINC subset gives the code ("Hemoglobin A1c"), else the LOINC name's analyte ("Platelet
 * mean volume"); the code when there are no words at all. Used wherever an imported result is named.
 */
export const labTestName = (words: string | null | undefined, loinc: string): string => {
  const own = words?.trim();
  if (own && !LOINC_NAME.test(own)) return own;
  const known = findLabTest(loinc)?.name;
  if (known) return known;
  const analyte = own?.split(AFTER_ANALYTE)[0]?.trim();
  return analyte || own || loinc;
};
