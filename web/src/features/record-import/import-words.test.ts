import { describe, expect, it } from 'vitest';
import { notImportedLines, previewWords } from './import-words';

describe('The import preview in words', () => {
  it('says plainly that a file already imported has nothing to add', () => {
    expect(
      previewWords({ found: { labResults: 51, claims: 51 }, alreadyHere: { labResults: 51, claims: 51 } }),
    ).toBe('Everything in this file is already in your record (102 items). Nothing to import.');
  });

  it('counts only what is new when part of the file is already here', () => {
    expect(
      previewWords({ found: { labResults: 5, allergies: 2 }, alreadyHere: { labResults: 5, allergies: 1 } }),
    ).toBe('To add: 1 allergy; 6 already in your record.');
  });

  it('lists what a new file holds', () => {
    expect(previewWords({ found: { labResults: 2, conditions: 1 }, alreadyHere: {} })).toBe(
      'To add: 2 lab results, 1 condition.',
    );
  });
});

describe('The "Not imported" list', () => {
  it('names each kind once, with its reasons and how many each held back under it', () => {
    expect(
      notImportedLines([
        { what: 'Measurements', reason: 'A measurement without a date and time.', count: 8 },
        { what: 'Visits', reason: 'Healthfolio does not import these yet.', count: 1 },
        { what: 'Measurements', reason: 'A measurement without a LOINC code.', count: 1 },
        { what: 'Vital signs', reason: 'Healthfolio does not keep body height yet.', count: 2 },
        { what: 'Measurements', reason: 'A measurement without a measured value.', count: 2 },
        { what: 'Vital signs', reason: 'Healthfolio does not keep body height yet.', count: 1 },
      ]),
    ).toEqual([
      {
        what: 'Measurements (11):',
        reasons: [
          'A measurement without a date and time (8)',
          'A measurement without a LOINC code (1)',
          'A measurement without a measured value (2)',
        ],
      },
      { what: 'Visits (1): Healthfolio does not import these yet.', reasons: [] },
      { what: 'Vital signs (3): Healthfolio does not keep body height yet.', reasons: [] },
    ]);
  });
});
