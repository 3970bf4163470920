import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestServer } from '../../../test/harness';
import {
  documentsOf,
  fixture,
  labsOf,
  ok,
  startImportServer,
  summaryOf,
  uploads,
} from './record-import.helpers';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  ({ server, alice, bob } = await startImportServer());
}, 60_000);
afterAll(() => server.close());
const { preview, importFile } = uploads(() => server);

const SYNTHEA_FOUND = {
  labResults: 3,
  vitalSigns: 2,
  conditions: 2,
  allergies: 1,
  immunizations: 1,
  procedures: 1,
  medications: 1,
};

describe('Import a record', () => {
  const synthea = fixture('synthea-bundle.json');

  it('previews what a FHIR bundle holds, and stores nothing', async () => {
    const p = await ok(await preview(alice, synthea, 'synthea.json'));
    expect(p.format).toBe('fhir-bundle');
    expect(p.found).toMatchObject(SYNTHEA_FOUND);
    expect(Object.values(p.alreadyHere).every((n) => n === 0)).toBe(true);
    expect(p.notUnderstood).toEqual(
      expect.arrayContaining([
        { what: 'Visits', reason: 'Healthfolio does not import these yet.', count: 1 },
        { what: 'Vital signs', reason: 'Healthfolio does not keep body height yet.', count: 1 },
        { what: 'Insurance claims', reason: 'A claim without the amount billed.', count: 1 },
        {
          what: 'Measurements',
          reason: 'A questionnaire answer or a measurement without a measured value.',
          count: 1,
        },
      ]),
    );
    expect(await labsOf(alice)).toEqual([]);
    expect(await summaryOf(alice)).toEqual([]);
    expect(await documentsOf(alice)).toEqual([]);
  });

  it('imports lab results, vitals, glucose and the health summary, keeping the file in the vault', async () => {
    const report = await ok(await importFile(alice, synthea, 'synthea.json'));
    expect(report.created).toMatchObject(SYNTHEA_FOUND);
    const docs = await documentsOf(alice);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      id: report.sourceDocumentId,
      fileName: 'synthea.json',
      category: 'Medical History',
    });

    // Named as a person knows the tests, not by the LOINC names the file gives them.
    expect((await labsOf(alice)).map((r: { testName: string }) => r.testName).sort()).toEqual([
      'Glucose',
      'Hemoglobin A1c',
      'Total cholesterol',
    ]);
    const a1c = (await labsOf(alice)).find((r: { loinc: string }) => r.loinc === '4548-4');
    expect(a1c).toMatchObject({
      value: 7.2,
      unit: '%',
      referenceLow: 4,
      referenceHigh: 5.6,
      flag: 'high',
      source: 'imported',
      documentId: report.sourceDocumentId,
      effectiveAt: '2024-03-04T14:15:00.000Z',
    });
    const entries = (await (await alice.get('/api/v1/entries?limit=50')).json()).items;
    expect(entries.find((e: { tracker: string }) => e.tracker === 'blood-pressure').data).toEqual({
      systolic: 131,
      diastolic: 84,
    });
    expect(entries.find((e: { tracker: string }) => e.tracker === 'weight').data).toEqual({
      weight: 81.3,
      weightUnit: 'kg',
    });
    // The metabolic panel's blood glucose is a lab result, not a reading of the glucose log.
    expect((await labsOf(alice)).find((r: { loinc: string }) => r.loinc === '2339-0')).toMatchObject({
      testName: 'Glucose',
      value: 131,
    });
    expect((await (await alice.get('/api/v1/glucose/readings?limit=10')).json()).items).toEqual([]);

    const summary = await summaryOf(alice);
    expect(summary.map((i: { kind: string; text: string }) => `${i.kind}: ${i.text}`).sort()).toEqual([
      'allergy: Allergy to peanuts',
      'condition: Diabetes mellitus type 2 (disorder)',
      'condition: Viral sinusitis (disorder)',
      'immunization: Influenza, seasonal, injectable, preservative free',
      'medication: 24 HR Metformin hydrochloride 500 MG Extended Release Oral Tablet',
      'procedure: Assessment of health and social care needs (procedure)',
    ]);
    const diabetes = summary.find((i: { code: string }) => i.code === '44054006');
    expect(diabetes).toMatchObject({
      codeSystem: 'http://snomed.info/sct',
      status: 'active',
      onsetAt: '2018-03-15T10:00:00-05:00',
      sourceDocumentId: report.sourceDocumentId,
      sourceDocumentTitle: 'Imported record (FHIR R4 bundle)',
    });
    expect(summary.find((i: { kind: string }) => i.kind === 'allergy').details).toEqual({
      Reaction: 'Wheal (finding)',
      Severity: 'mild',
      Criticality: 'low',
    });
  });

  it('changes nothing on a second import of the same file, and the preview says it is all here', async () => {
    const again = await ok(await preview(alice, synthea, 'synthea.json'));
    expect(again.alreadyHere).toMatchObject(SYNTHEA_FOUND);
    const before = {
      labs: await labsOf(alice),
      summary: await summaryOf(alice),
      docs: await documentsOf(alice),
    };
    const report = await ok(await importFile(alice, synthea, 'synthea-again.json'));
    expect(Object.values(report.created).every((n) => n === 0)).toBe(true);
    expect(report.skipped).toMatchObject(SYNTHEA_FOUND);
    expect(report.sourceDocumentId).toBe(before.docs[0].id);
    expect({
      labs: await labsOf(alice),
      summary: await summaryOf(alice),
      docs: await documentsOf(alice),
    }).toEqual(before);
  });

  it('lets no one else see what was imported', async () => {
    expect(await summaryOf(bob)).toEqual([]);
    expect(await labsOf(bob)).toEqual([]);
    const [doc] = await documentsOf(alice);
    expect((await bob.get(`/api/v1/documents/${doc.id}`)).status).toBe(404);
    expect((await server.client().get('/api/v1/health-summary')).status).toBe(401);
  });
});
