import { decodeShlink } from '@healthfolio/core/packets/shlink';
import sharp from 'sharp';
import { expect } from 'vitest';
import { insertFollowUp } from '../../src/modules/hypo/hypo.repository';
import { pdfWith } from '../document-fixtures';
import { uploadDocument } from '../documents-client';
import { APP_URL, type TestClient, type TestServer } from '../harness';

/** Whose records these are, as the API is asked for them: a client and the headers it sends. */
export interface Subject {
  client: TestClient;
  headers: Record<string, string>;
  personId: string;
  /** A word in every record's text, so a body that carries this person's data shows it. */
  mark: string;
}

/** The ids of one of each of a person's records, by the name the path templates use (paths.ts). */
export type Ids = Record<string, string>;

export const seedRecords = async (server: TestServer, s: Subject): Promise<Ids> => {
  const post = async (path: string, body: unknown) => {
    const res = await s.client.request('POST', path, body, s.headers);
    expect(res.status, `${path} ${await res.clone().text()}`).toBeLessThan(300);
    return res.json();
  };
  const at = new Date(Date.now() - 3_600_000).toISOString();
  const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
  const year = new Date().getUTCFullYear();
  await s.client.request('PATCH', '/api/v1/profile', { displayName: `${s.mark} Person` }, s.headers);
  const entry = await post('/api/v1/entries', {
    tracker: 'blood-pressure',
    occurredAt: at,
    data: { systolic: 187, diastolic: 91 },
    notes: `${s.mark}-bp`,
  });
  const lab = await post('/api/v1/lab-results', {
    testName: 'Hemoglobin A1c',
    loinc: '4548-4',
    value: 6.1,
    unit: '%',
    effectiveAt: at,
    note: `${s.mark}-a1c`,
  });
  await post('/api/v1/glucose/readings/batch', {
    source: 'import:csv',
    readings: [{ at, mgdl: 211 }],
  });
  await post('/api/v1/medications/schedules', {
    medicationName: `${s.mark}med`,
    dosage: '5 mg',
    dailyTimes: ['08:00'],
    startDate: day(-2),
  });
  const appointment = await post('/api/v1/appointments', {
    provider: `Dr ${s.mark}`,
    date: day(4),
    startTime: '09:00',
  });
  const doses = await (
    await s.client.request('GET', '/api/v1/medications/doses?limit=1', undefined, s.headers)
  ).json();
  const schedules = await (
    await s.client.request('GET', '/api/v1/medications/schedules', undefined, s.headers)
  ).json();
  const uploaded = await uploadDocument(
    server,
    s.client,
    {
      file: pdfWith(`${s.mark}-document`),
      name: 'report.pdf',
      title: `${s.mark} Doc`,
      category: 'Lab Results',
    },
    s.headers,
  );
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  const plan = await post('/api/v1/insurance/plans', {
    name: `${s.mark} Plan`,
    type: 'primary',
    policyNumber: 'POL-1',
    memberNumber: 'MEM-1',
    effectiveDate: `${year}-01-01`,
    deductible: '1500.00',
    contactPhone: '1-800-555-0100',
  });
  const claim = await post('/api/v1/insurance/claims', {
    claimNumber: 'CLM-1',
    provider: `${s.mark} Clinic`,
    serviceDate: `${year}-01-10`,
    submittedDate: `${year}-01-12`,
    amount: '250.00',
  });
  const bill = await post('/api/v1/insurance/bills', {
    provider: `${s.mark} Lab`,
    amount: '100.10',
    dueDate: `${year}-02-01`,
    category: 'Lab Work',
  });
  const food = await post('/api/v1/foods/custom', { name: `${s.mark} granola`, carbs_per_100g: 42 });
  const pathShare = await post('/api/v1/shares', {
    email: 'authz-path-share@example.com',
    categories: ['documents'],
    accessType: 'full_access',
  });
  const nsFollower = await post('/api/v1/devices/nightscout/followers', { name: `${s.mark} follower` });
  const nsCredential = await post('/api/v1/devices/nightscout/credentials', { name: `${s.mark} phone` });
  const packet = await post('/api/v1/packets', { days: 14, categories: ['glucose'] });
  const exported = await post('/api/v1/export/record', {});
  // A meal photo, stored though no vision provider is configured.
  const photo = await server.app.request('/api/v1/ai/meal-photo-analyses', {
    method: 'POST',
    headers: { origin: APP_URL, cookie: s.client.cookieHeader, 'content-type': 'image/jpeg', ...s.headers },
    body: new Uint8Array(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c84' } })
        .jpeg()
        .toBuffer(),
    ),
  });
  expect(photo.status, await photo.clone().text()).toBe(200);
  const followUp = await server.deps.db.asUser(s.personId, (tx) =>
    insertFollowUp(tx, {
      userId: s.personId,
      valueMgdl: 61.5,
      readingAt: new Date(),
      urgent: false,
      now: new Date(),
    }),
  );
  return {
    entry: entry.id,
    labResult: lab.id,
    appointment: appointment.id,
    dose: doses.items[0].id,
    schedule: schedules.items[0].id,
    document: (await uploaded.json()).id,
    plan: plan.id,
    claim: claim.id,
    bill: bill.id,
    food: food.id,
    share: pathShare.id,
    nsFollower: nsFollower.id,
    nsCredential: nsCredential.id,
    packet: packet.packet.id,
    passcode: packet.passcode,
    manifest: new URL(decodeShlink(packet.link)!.url).pathname.split('/').pop()!,
    export: exported.id,
    followUp: followUp!,
    mealPhoto: ((await photo.json()) as { analysisId: string }).analysisId,
  };
};
