import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestServer } from '../../../test/harness';
import { fixture, ok, startImportServer, summaryOf, uploads } from './record-import.helpers';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  ({ server, alice, bob } = await startImportServer());
}, 60_000);
afterAll(() => server.close());
const { importFile, preview } = uploads(() => server);

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

type Item = { kind: string; text: string; status: string | null; onsetAt: string | null };
const procedureOf = (i: Item) => ({ text: i.text, status: i.status, onsetAt: i.onsetAt });

describe("HL7's sample CCD (a colonoscopy done, and another one planned)", () => {
  // HL7-C-CDA-Examples "CCD 1", unchanged (server/test/fixtures/records/README.md).
  const ccd = fixture('hl7-ccd-1.xml');

  it('keeps each procedure done with its status and day, and the planned colonoscopy out of them', async () => {
    const before = await ok(await preview(alice, ccd, 'CCD.xml'));
    expect(before.alreadyHere.procedures).toBe(0);
    expect(total(before.alreadyHere)).toBe(0);
    expect(before.found.procedures).toBe(3);

    const report = await ok(await importFile(alice, ccd, 'CCD.xml'));
    expect(report.created.procedures).toBe(3);
    expect(total(report.skipped)).toBe(0);
    // The Procedures section's colonoscopy (completed, 2012-05-12) is the one kept; the Plan of
    // Treatment's requested one (2013-06-13) is told as not imported, never shown as a current one.
    const procedures = (await summaryOf(alice)).filter((i: Item) => i.kind === 'procedure');
    expect(procedures.map(procedureOf)).toEqual(
      expect.arrayContaining([
        { text: 'Colonoscopy', status: 'completed', onsetAt: '2012-05-12' },
        { text: 'Placement of stent', status: 'completed', onsetAt: '2013-05-12' },
        { text: 'Colonic polypectomy', status: 'completed', onsetAt: '2011-02-03' },
      ]),
    );
    expect(procedures).toHaveLength(3);
    expect(report.notUnderstood).toContainEqual({
      what: 'Planned care',
      reason: 'Care that was ordered or planned but not done yet: your health summary lists what was done.',
      count: 1,
    });

    // The second time, all of it is already here: each procedure once.
    const again = await ok(await importFile(alice, ccd, 'CCD.xml'));
    expect(total(again.created)).toBe(0);
    expect(again.skipped.procedures).toBe(3);
    expect(total(again.skipped)).toBe(total(report.created));
  }, 120_000);
});

/** A FHIR Procedure of a colonoscopy with this status, on this day. */
const colonoscopy = (status: string, day: string) => ({
  resource: {
    resourceType: 'Procedure',
    status,
    code: { coding: [{ system: 'http://snomed.info/sct', code: '73761001' }], text: 'Colonoscopy' },
    performedDateTime: day,
  },
});

describe('A FHIR colonoscopy done, one being prepared, one not done and one ordered', () => {
  it('lists only the one done, and says why the others are not imported', async () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        colonoscopy('preparation', '2024-03-01'),
        colonoscopy('not-done', '2024-02-01'),
        {
          resource: {
            resourceType: 'ServiceRequest',
            status: 'active',
            intent: 'order',
            code: { coding: [{ system: 'http://snomed.info/sct', code: '73761001' }], text: 'Colonoscopy' },
            occurrenceDateTime: '2024-03-01',
          },
        },
        colonoscopy('completed', '2023-05-12'),
      ],
    };
    const file = Buffer.from(JSON.stringify(bundle));
    const report = await ok(await importFile(bob, file, 'procedures.json'));
    expect(report.created.procedures).toBe(1);
    const procedures = (await summaryOf(bob)).filter((i: Item) => i.kind === 'procedure');
    expect(procedures.map(procedureOf)).toEqual([
      { text: 'Colonoscopy', status: 'completed', onsetAt: '2023-05-12' },
    ]);
    expect(report.notUnderstood).toEqual([
      { what: 'Procedures', reason: 'A procedure that was planned but not done yet.', count: 1 },
      { what: 'Procedures', reason: 'A procedure the record says was not done.', count: 1 },
      {
        what: 'Planned care',
        reason: 'Care that was ordered or planned but not done yet: your health summary lists what was done.',
        count: 1,
      },
    ]);
  }, 60_000);
});

/** A Synthea vital sign as Synthea writes it: "Pain severity - 0-10 verbal numeric rating". */
const painScore = (value: number, at: string) => ({
  resource: {
    resourceType: 'Observation',
    status: 'final',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/observation-category',
            code: 'vital-signs',
            display: 'vital-signs',
          },
        ],
      },
    ],
    code: {
      coding: [
        {
          system: 'http://loinc.org',
          code: '72514-3',
          display: 'Pain severity - 0-10 verbal numeric rating [Score] - Reported',
        },
      ],
      text: 'Pain severity - 0-10 verbal numeric rating [Score] - Reported',
    },
    effectiveDateTime: at,
    valueQuantity: { value, unit: '{score}', system: 'http://unitsofmeasure.org', code: '{score}' },
  },
});

describe('A pain score of 0 from a Synthea record', () => {
  it('is told as no pain, not as a score the pain log cannot hold, and a 4 comes in as 4', async () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [painScore(0, '2020-09-30T17:10:31+00:00'), painScore(4, '2021-09-30T17:10:31+00:00')],
    };
    const file = Buffer.from(JSON.stringify(bundle));
    const report = await ok(await importFile(bob, file, 'synthea.json'));
    expect(report.created.trackerEntries).toBe(1);
    expect(report.notUnderstood).toEqual([
      {
        what: 'Pain scores',
        reason: 'A pain score of 0 (no pain): the pain log records pain from 1 to 10.',
        count: 1,
      },
    ]);
    const entries = (await (await bob.get('/api/v1/entries?tracker=pain')).json()).items;
    expect(entries.map((e: { data: unknown }) => e.data)).toEqual([{ painIntensity: 4 }]);
  }, 60_000);
});
