import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWith } from '../../../test/document-fixtures';
import {
  APP_URL,
  createTestServer,
  signUpAndSignIn,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../../../test/harness';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/records/${name}`, import.meta.url));

let server: TestServer;
let alice: TestClient;
let bob: TestClient;

/** A browser's upload of a record file: multipart, with the upload header the web app sends. */
const send = (client: TestClient, path: string, file: Buffer, name: string): Promise<TestResponse> => {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(file)]), name);
  return Promise.resolve(
    server.app.request(path, {
      method: 'POST',
      body,
      headers: { origin: APP_URL, cookie: client.cookieHeader, 'x-requested-with': 'healthfolio' },
    }),
  );
};
const preview = (client: TestClient, file: Buffer, name: string) =>
  send(client, '/api/v1/records/import/preview', file, name);
const importFile = (client: TestClient, file: Buffer, name: string) =>
  send(client, '/api/v1/records/import', file, name);

const ok = async (res: TestResponse) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};
const summaryOf = async (client: TestClient) =>
  (await (await client.get('/api/v1/health-summary')).json()).items;
const labsOf = async (client: TestClient) => (await (await client.get('/api/v1/lab-results')).json()).items;
const documentsOf = async (client: TestClient) =>
  (await (await client.get('/api/v1/documents')).json()).items;

beforeAll(async () => {
  server = await createTestServer();
  ({ client: alice } = await signUpAndSignIn(server, 'alice-import@example.com'));
  ({ client: bob } = await signUpAndSignIn(server, 'bob-import@example.com'));
}, 60_000);
afterAll(() => server.close());

const SYNTHEA_FOUND = {
  labResults: 2,
  vitalSigns: 2,
  glucoseReadings: 1,
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
    const glucose = (await (await alice.get('/api/v1/glucose/readings?limit=10')).json()).items;
    expect(glucose).toEqual([expect.objectContaining({ valueMgdl: 131, source: 'import:fhir' })]);

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

  it('imports payer data (CARIN Blue Button Coverage and EOBs) and appointments, each once', async () => {
    const { client } = await signUpAndSignIn(server, 'payer-import@example.com');
    const payer = fixture('carin-bb-payer.json');
    const p = await ok(await preview(client, payer, 'payer.json'));
    expect(p.found).toMatchObject({ insurancePlans: 1, claims: 3, appointments: 1 });
    // A claim in another currency than the person's insurance amounts is refused, saying why.
    expect(p.notUnderstood).toEqual([
      {
        what: 'Insurance claims',
        reason: 'Amounts in EUR, while your insurance amounts are in USD.',
        count: 1,
      },
    ]);

    const report = await ok(await importFile(client, payer, 'payer.json'));
    expect(report.created).toMatchObject({ insurancePlans: 1, claims: 2, appointments: 1 });
    const plans = (await (await client.get('/api/v1/insurance/plans')).json()).items;
    expect(plans).toEqual([
      expect.objectContaining({
        name: 'Lakeside Health Plan',
        type: 'primary',
        status: 'active',
        policyNumber: 'LHP-88412',
        memberNumber: 'LHP-88412-01',
        groupNumber: 'GRP-2210',
        effectiveDate: '2025-01-01',
        contactPhone: '1-800-555-0142',
        contactWebsite: 'https://lakeside-plan.example',
      }),
    ]);
    const claims = (await (await client.get('/api/v1/insurance/claims')).json()).items;
    const byNumber = (n: string) => claims.find((c: { claimNumber: string }) => c.claimNumber === n);
    // Billed, allowed, plan paid and you owe to the cent, linked to the plan of the Coverage named.
    expect(byNumber('CLM-2025-000731')).toMatchObject({
      provider: 'Maple Street Family Practice',
      serviceDate: '2025-03-04',
      submittedDate: '2025-03-18',
      status: 'paid',
      amountCents: 25010,
      allowedCents: 18020,
      coveredCents: 12976,
      patientResponsibilityCents: 5044,
      description: 'Office visit, established patient',
      insurancePlanId: plans[0].id,
    });
    expect(byNumber('CLM-2025-000912')).toMatchObject({
      provider: 'Dr. Chidi Okafor',
      status: 'denied',
      amountCents: 9500,
      allowedCents: null,
      coveredCents: 0,
      patientResponsibilityCents: 9500,
      insurancePlanId: plans[0].id,
    });
    const [visit] = (await (await client.get('/api/v1/appointments?when=past')).json()).items;
    expect(visit).toMatchObject({
      provider: 'Dr. Chidi Okafor',
      specialty: 'Endocrinology',
      startsAt: '2025-06-12T13:30:00.000Z',
      endsAt: '2025-06-12T14:00:00.000Z',
      location: 'Maple Street, room 4',
      reason: 'Diabetes follow-up',
      status: 'scheduled',
    });

    const again = await ok(await importFile(client, payer, 'payer-again.json'));
    expect(again.created).toMatchObject({ insurancePlans: 0, claims: 0, appointments: 0 });
    expect(again.skipped).toMatchObject({ insurancePlans: 1, claims: 2, appointments: 1 });
    expect((await (await client.get('/api/v1/insurance/claims')).json()).items).toEqual(claims);
    expect((await (await client.get('/api/v1/insurance/plans')).json()).items).toEqual(plans);
  }, 120_000); // three files (preview, import, import again), each parsed in its own limited child process
});
