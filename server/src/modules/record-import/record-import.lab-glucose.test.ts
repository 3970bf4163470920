import type { Observation } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { mapObservation } from './map-observation';
import { fixture, labsOf, ok, startImportServer, uploads } from './record-import.helpers';

let server: TestServer;
beforeAll(async () => {
  ({ server } = await startImportServer());
}, 60_000);
afterAll(() => server.close());
const { importFile } = uploads(() => server);

const readingsOf = async (client: TestClient) =>
  (await (await client.get('/api/v1/glucose/readings?limit=50')).json()).items;

describe('A clinic’s blood glucose in an imported record', () => {
  it('is a lab result beside its metabolic panel, with its range and flag; a fingerstick stays a reading', async () => {
    const { client } = await signUpAndSignIn(server, 'bmp-glucose@example.com');
    const report = await ok(await importFile(client, fixture('ccd-metabolic-panel.xml'), 'bmp.xml'));
    expect(report.created).toMatchObject({ labResults: 2, glucoseReadings: 1 });
    const labs = await labsOf(client);
    expect(labs.map((r: { testName: string }) => r.testName).sort()).toEqual(['Glucose', 'Sodium']);
    expect(labs.find((r: { loinc: string }) => r.loinc === '2339-0')).toMatchObject({
      testName: 'Glucose',
      value: 131,
      unit: 'mg/dL',
      referenceLow: 70,
      referenceHigh: 99,
      flag: 'high',
      effectiveAt: '2024-03-04T14:15:00.000Z',
      source: 'imported',
    });
    // The vital signs' fingerstick is a reading the person took: it stays in the glucose log.
    expect(await readingsOf(client)).toEqual([
      expect.objectContaining({ valueMgdl: 112, recordedAt: '2024-03-04T19:00:00.000Z' }),
    ]);
  });

  it('in a FHIR bundle (a Synthea metabolic panel’s 2339-0) is a lab result too', async () => {
    const { client } = await signUpAndSignIn(server, 'synthea-glucose@example.com');
    const report = await ok(await importFile(client, fixture('synthea-bundle.json'), 'synthea.json'));
    expect(report.created).toMatchObject({ labResults: 3, glucoseReadings: 0 });
    expect((await labsOf(client)).find((r: { loinc: string }) => r.loinc === '2339-0')).toMatchObject({
      testName: 'Glucose',
      value: 131,
      unit: 'mg/dL',
    });
    expect(await readingsOf(client)).toEqual([]);
  });
});

describe('A laboratory-coded glucose that a person or a device took', () => {
  const lab = (o: Partial<Observation>): Observation => ({
    resourceType: 'Observation',
    status: 'final',
    category: [
      {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' },
        ],
      },
    ],
    code: { coding: [{ system: 'http://loinc.org', code: '2339-0' }] },
    effectiveDateTime: '2024-03-04T09:15:00Z',
    valueQuantity: { value: 140, unit: 'mg/dL', code: 'mg/dL' },
    ...o,
  });
  const kindOf = (o: Observation) => {
    const out = mapObservation(o, 'fhir');
    return out && 'kind' in out ? out.kind : out;
  };

  it('stays a glucose reading: a sensor’s, a meter’s and a Healthfolio export’s', () => {
    expect(kindOf(lab({ code: { coding: [{ system: 'http://loinc.org', code: '99504-3' }] } }))).toBe(
      'glucose',
    );
    expect(kindOf(lab({ device: { display: 'Contour Next One' } }))).toBe('glucose');
    expect(kindOf(lab({ method: { text: 'Blood glucose meter' } }))).toBe('glucose');
    expect(kindOf(lab({ method: { text: 'Typed in by the person' } }))).toBe('glucose');
    expect(kindOf(lab({ method: { text: 'Imported (libreview)' } }))).toBe('glucose');
    expect(kindOf(lab({}))).toBe('lab');
  });
});
