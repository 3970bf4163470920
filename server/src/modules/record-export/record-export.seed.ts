import { expect } from 'vitest';
import { pdfWith } from '../../../test/document-fixtures';
import { uploadDocument } from '../../../test/documents-client';
import {
  createTestServer,
  signUpAndSignIn,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../../../test/harness';

/** The record the export tests read back, shared by record-export*.test.ts (each on its own server). */
export const HOUR = 3_600_000;
// A CGM's 5-minute readings over 18 days: more than one page of reads (record-export.data.ts PAGE).
export const CGM_READINGS = 18 * 288;

export const created = async (res: TestResponse) => {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json();
};

/**
 * A server with Alice's record holding one of everything the export writes (the ids of its rows in
 * `ids`), and Bob, who holds nothing.
 */
export const seedExportRecord = async () => {
  const server: TestServer = await createTestServer();
  const ids: Record<string, string> = {};
  let takenDue = '';
  const { client: alice, userId: aliceId } = await signUpAndSignIn(server, 'alice-export@example.com');
  const { client: bob } = await signUpAndSignIn(server, 'bob-export@example.com');
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
      // Begun yesterday in Alice's zone (Berlin), so the two doses marked below are past whatever the
      // hour the test runs (a dose is marked from an hour before its time; after midnight in Berlin
      // today's would both be hours ahead).
      startDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(now - 86_400_000),
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
  return { server, alice, bob, aliceId, ids, takenDue };
};

/** Starts an export, runs the job, and answers the export's id and finished status. */
export const exportFor = async (server: TestServer, client: Pick<TestClient, 'post' | 'get'>) => {
  const started = await client.post('/api/v1/export/record', {});
  expect(started.status, await started.clone().text()).toBe(202);
  const { id } = await started.json();
  await server.deps.jobs.runOnce();
  const done = await (await client.get(`/api/v1/export/record/${id}`)).json();
  return { id: id as string, done };
};
