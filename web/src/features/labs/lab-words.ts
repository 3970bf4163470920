import type { Whose } from '@healthfolio/core/text/whose';

/** The lab results page with none yet: where results come from, for whose record it is. */
export const noLabResultsWords = (canConnect: boolean, w: Whose) =>
  `No lab results yet. Add one from ${w.your} lab report with “Add a result”, ${
    canConnect
      ? `import a record from ${w.your} patient portal, or connect ${w.your} health system below.`
      : `or import a record from ${w.your} patient portal.`
  }`;

/** A lab test's page when the record holds no result of that test: "Mia has no results …". */
export const noTestResultsWords = (w: Whose) =>
  `${w.You} ${w.verb('have', 'has')} no results for this test yet.`;
