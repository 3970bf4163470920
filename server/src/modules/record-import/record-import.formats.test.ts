import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWith } from '../../../test/document-fixtures';
import { signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
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
const { send, preview, importFile } = uploads(() => server);

describe('Import a record', () => {
  const synthea = fixture('synthea-bundle.json');

  it('imports a C-CDA document through the converter: its lab result, condition, allergy and medication', async () => {
    const report = await ok(await importFile(bob, fixture('ccd.xml'), 'ccd.xml'));
    expect(report.format).toBe('ccda');
    expect(report.created).toMatchObject({ labResults: 1, conditions: 1, allergies: 1, medications: 1 });
    expect(await labsOf(bob)).toEqual([
      expect.objectContaining({
        loinc: '4548-4',
        value: 7.4,
        unit: '%',
        effectiveAt: '2024-02-15T14:30:00.000Z',
      }),
    ]);
    const summary = await summaryOf(bob);
    expect(summary.map((i: { text: string }) => i.text).sort()).toEqual([
      'Metformin hydrochloride 500 MG Oral Tablet',
      'Penicillin G',
      'Type 2 diabetes mellitus',
    ]);
    expect(summary.find((i: { kind: string }) => i.kind === 'allergy').details.Reaction).toBe('Hives');
  });

  it('imports NDJSON, converting glucose in mmol/L to mg/dL', async () => {
    const { client } = await signUpAndSignIn(server, 'ndjson-import@example.com');
    const report = await ok(await importFile(client, fixture('bulk-export.ndjson'), 'export.ndjson'));
    expect(report).toMatchObject({
      format: 'fhir-ndjson',
      created: { labResults: 1, glucoseReadings: 1, conditions: 1 },
    });
    const [reading] = (await (await client.get('/api/v1/glucose/readings')).json()).items;
    expect(reading.valueMgdl).toBeCloseTo(6.2 * 18.0156, 6);
  });

  it('files a document whose category is none of the vault’s under Other, and leaves out a file that is not what it claims', async () => {
    const { client } = await signUpAndSignIn(server, 'category-import@example.com');
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: { resourceType: 'Patient', id: 'p1', name: [{ text: 'Cat Import' }] } },
        {
          resource: {
            resourceType: 'DocumentReference',
            status: 'current',
            subject: { reference: 'Patient/p1' },
            type: { text: 'Discharge summary' },
            category: [{ text: 'Clinical Note' }],
            content: [
              {
                attachment: {
                  contentType: 'application/pdf',
                  title: 'discharge.pdf',
                  data: Buffer.from(pdfWith('Discharge summary')).toString('base64'),
                  creation: '2026-10-02',
                },
              },
            ],
          },
        },
      ],
    };
    // Beside it, a page of HTML said to be a PDF, with a date that is none.
    bundle.entry.push({
      resource: {
        resourceType: 'DocumentReference',
        status: 'current',
        subject: { reference: 'Patient/p1' },
        type: { text: 'Not a PDF' },
        category: [{ text: 'Lab Results' }],
        content: [
          {
            attachment: {
              contentType: 'application/pdf',
              title: 'page.pdf',
              data: Buffer.from('<script>alert(1)</script>').toString('base64'),
              creation: 'yesterday',
            },
          },
        ],
      },
    });
    const report = await ok(await importFile(client, Buffer.from(JSON.stringify(bundle)), 'record.json'));
    expect(report.created.documents).toBe(1);
    expect(report.notUnderstood).toEqual(
      expect.arrayContaining([expect.objectContaining({ what: 'Documents', count: 1 })]),
    );
    // The record file itself is kept in the vault too.
    const docs: { title: string; category: string; date: string }[] = await documentsOf(client);
    expect(docs.map((d) => [d.title, d.category, d.date])).toEqual(
      expect.arrayContaining([['Discharge summary', 'Other', '2026-10-02']]),
    );
    expect(docs.map((d) => d.title)).not.toContain('Not a PDF');
  });

  it('reads meals and journal entries another Healthfolio instance exported, keeping what it accepts', async () => {
    const { client } = await signUpAndSignIn(server, 'meals-import@example.com');
    const ours = 'https://health.other.example/fhir/CodeSystem/healthfolio';
    const obs = (id: string, code: string, rest: Record<string, unknown>) => ({
      resourceType: 'Observation',
      id,
      status: 'final',
      code: { coding: [{ system: ours, code }] },
      effectiveDateTime: '2026-03-01T18:30:00+01:00',
      ...rest,
    });
    const kcal = (value: number) => ({
      code: { coding: [{ system: 'http://loinc.org', code: '9052-2' }] },
      valueQuantity: { value, unit: 'kcal', system: 'http://unitsofmeasure.org', code: 'kcal' },
    });
    const lines = [
      obs('m1', 'meal', {
        valueString: 'Soup',
        component: [
          {
            code: { coding: [{ system: ours, code: 'meal-type' }] },
            valueCodeableConcept: { coding: [{ system: ours, code: 'meal-type-snack' }] },
          },
          kcal(120),
        ],
      }),
      // A calorie count Healthfolio does not accept: the meal comes without it.
      obs('m2', 'meal', { valueString: 'Cake', component: [kcal(-5)] }),
      obs('m3', 'meal', { component: [kcal(99_999)] }),
      obs('j1', 'journal-entry', { valueString: 'Line one\nLine two' }),
    ];
    const report = await ok(
      await importFile(client, Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n')), 'x.ndjson'),
    );
    expect(report.created).toMatchObject({ trackerEntries: 3 });
    expect(report.notUnderstood).toEqual(
      expect.arrayContaining([expect.objectContaining({ what: 'Measurements', count: 1 })]),
    );
    const items = (await (await client.get('/api/v1/entries?order=asc')).json()).items;
    expect(items.map((e: { tracker: string; data: unknown }) => [e.tracker, e.data])).toEqual(
      expect.arrayContaining([
        ['meal', { mealType: 'snack', calories: 120, value: 'Soup' }],
        ['meal', { value: 'Cake' }],
        ['journal', { value: 'Line one\nLine two' }],
      ]),
    );
  });

  it('refuses a file of two people as a whole, and bad files with the reason, storing nothing', async () => {
    const before = { summary: await summaryOf(alice), docs: await documentsOf(alice) };
    const two = await importFile(alice, fixture('two-patients.json'), 'two.json');
    expect(two.status).toBe(422);
    expect((await two.json()).detail).toBe(
      'This file holds the records of more than one person. Import a file with only your own record.',
    );
    const broken = await importFile(alice, fixture('truncated-bundle.fhir'), 'broken.json');
    expect(broken.status).toBe(400);
    expect((await broken.json()).detail).toBe('The FHIR file is not valid JSON.');
    const text = await preview(alice, Buffer.from('name,value\nA1C,7.1\n'), 'labs.csv');
    expect(text.status).toBe(415);
    expect((await text.json()).detail).toBe(
      'This file is not a FHIR R4 bundle, a FHIR NDJSON file or a C-CDA document.',
    );
    const notCcda = await preview(alice, Buffer.from('<html><body>hi</body></html>'), 'page.xml');
    expect(notCcda.status).toBe(415);
    const big = await importFile(
      alice,
      Buffer.concat([synthea, Buffer.alloc(11 * 1024 * 1024, 32)]),
      'big.json',
    );
    expect(big.status).toBe(413);
    expect((await big.json()).detail).toBe('The file is larger than the 10 MB limit.');
    const empty = await send(alice, '/api/v1/records/import', Buffer.alloc(0), 'empty.json');
    expect(empty.status).toBe(415);
    expect({ summary: await summaryOf(alice), docs: await documentsOf(alice) }).toEqual(before);
  }, 120_000); // five files, each parsed in its own limited child process
});
