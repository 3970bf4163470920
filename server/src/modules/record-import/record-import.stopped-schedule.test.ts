import { addCalendarDays, localDate } from '@healthfolio/core';
import type { Bundle, MedicationRequest } from '@medplum/fhirtypes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestClient, TestServer } from '../../../test/harness';
import { ok, startImportServer, uploads } from './record-import.helpers';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  ({ server, alice, bob } = await startImportServer());
}, 60_000);
afterAll(() => server.close());
const { importFile } = uploads(() => server);

const exportOf = async (client: TestClient) => {
  const started = await (await client.post('/api/v1/export/record', {})).json();
  await server.deps.jobs.runOnce();
  const file = await client.get(`/api/v1/export/record/${started.id}/file`);
  expect(file.status).toBe(200);
  return Buffer.from(await file.arrayBuffer());
};
const requests = (bytes: Buffer) =>
  (JSON.parse(bytes.toString('utf8')) as Bundle)
    .entry!.map((e) => e.resource)
    .filter((r): r is MedicationRequest => r?.resourceType === 'MedicationRequest')
    .map((r) => [r.medicationCodeableConcept?.text, r.status]);
const schedule = async (client: TestClient, medicationName: string) => {
  const res = await client.post('/api/v1/medications/schedules', {
    medicationName,
    dosage: '10 mg',
    dailyTimes: ['08:00', '20:00'],
    startDate: addCalendarDays(localDate(Date.now(), 'UTC'), -2),
  });
  return (await res.json()).scheduleId as string;
};
const pendingDoses = async (client: TestClient) =>
  (
    (await (await client.get('/api/v1/medications/doses?limit=1000')).json()) as {
      items: { medicationName: string; dueDate: string }[];
    }
  ).items.filter((d) => Date.parse(d.dueDate) > Date.now());

it('a stopped medication is exported as stopped, and imported again with no dose to come', async () => {
  await schedule(alice, 'Lisinopril');
  const stopped = await schedule(alice, 'Metformin');
  expect((await alice.post(`/api/v1/medications/schedules/${stopped}/stop`)).status).toBe(200);

  const bytes = await exportOf(alice);
  expect(Object.fromEntries(requests(bytes))).toEqual({ Lisinopril: 'active', Metformin: 'stopped' });

  const report = await ok(await importFile(bob, bytes, 'healthfolio-record.json'));
  expect(report.created).toMatchObject({ medications: 2 });
  const names = (await pendingDoses(bob)).map((d) => d.medicationName);
  expect(names).toContain('Lisinopril');
  expect(names).not.toContain('Metformin');
  // Exported again from there, it is still stopped.
  expect(Object.fromEntries(requests(await exportOf(bob)))).toEqual({
    Lisinopril: 'active',
    Metformin: 'stopped',
  });
});
