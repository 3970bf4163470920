import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpAndSignIn, type TestServer } from '../../../test/harness';
import { ok, startImportServer, summaryOf, uploads } from './record-import.helpers';

let server: TestServer;
beforeAll(async () => {
  ({ server } = await startImportServer());
}, 60_000);
afterAll(() => server.close());
const { importFile } = uploads(() => server);

const condition = (text: string, status: string, onset?: string, recorded?: string) => ({
  resource: {
    resourceType: 'Condition',
    clinicalStatus: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: status }],
    },
    code: { text },
    subject: { reference: 'Patient/p1' },
    ...(onset ? { onsetDateTime: onset } : {}),
    ...(recorded ? { recordedDate: recorded } : {}),
  },
});
const medication = (text: string, status: string, authoredOn: string) => ({
  resource: {
    resourceType: 'MedicationRequest',
    status,
    intent: 'order',
    medicationCodeableConcept: { text },
    subject: { reference: 'Patient/p1' },
    authoredOn,
  },
});

it('lists the health summary as a clinician would: what is current first, newest first within each', async () => {
  const bundle = {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      { resource: { resourceType: 'Patient', id: 'p1', name: [{ text: 'Order Test' }] } },
      condition('Acute viral pharyngitis', 'resolved', '2019-06-15'),
      condition('Perennial allergic rhinitis', 'active', '1976-05-27'),
      condition('Prediabetes', 'active', '2015-12-01'),
      condition('Asthma', 'active', undefined, '2018-04-02'),
      condition('Laceration of hand', 'resolved', '2014-01-10'),
      condition('Diabetes', 'active', '2019-06-25'),
      medication('Naproxen 220 MG', 'stopped', '2019-06-15'),
      medication('Metformin 500 MG', 'active', '2015-12-01'),
    ],
  };
  const { client } = await signUpAndSignIn(server, 'summary-order@example.com');
  await ok(await importFile(client, Buffer.from(JSON.stringify(bundle)), 'order.json'));
  const texts = (kind: string) =>
    (summaryOf(client) as Promise<{ kind: string; text: string }[]>).then((items) =>
      items.filter((i) => i.kind === kind).map((i) => i.text),
    );
  expect(await texts('condition')).toEqual([
    'Diabetes',
    'Asthma',
    'Prediabetes',
    'Perennial allergic rhinitis',
    'Acute viral pharyngitis',
    'Laceration of hand',
  ]);
  expect(await texts('medication')).toEqual(['Metformin 500 MG', 'Naproxen 220 MG']);
}, 60_000);
