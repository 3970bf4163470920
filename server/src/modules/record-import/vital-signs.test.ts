import { readFileSync } from 'node:fs';
import type { Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { mapObservation } from './map-observation';
import { parse } from './record-parser';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../test/fixtures/records/${name}`, import.meta.url)));
const entriesOf = (items: Awaited<ReturnType<typeof parse>>['items']) =>
  items.flatMap((i) => (i.kind === 'entry' ? [{ tracker: i.tracker, at: i.occurredAt, data: i.data }] : []));

const observation = (code: string, value: number, unit: string, category = 'vital-signs'): Observation => ({
  resourceType: 'Observation',
  status: 'final',
  category: [{ coding: [{ code: category }] }],
  code: { coding: [{ system: 'http://loinc.org', code }] },
  effectiveDateTime: '2024-05-02T09:00:00Z',
  valueQuantity: { value, code: unit },
});

describe('Vital signs are not lab results', () => {
  it('makes a C-CDA’s separate systolic and diastolic of one instant one blood pressure, and its weight a weight', async () => {
    // HL7's CCD example: 2012-09-10 height 177 cm, weight 86 kg, 132/88 mmHg, each its own observation.
    // A day without a time is taken at noon UTC of it (as a FHIR date is), not midnight UTC.
    const plan = await parse({ bytes: fixture('ccd-vitals.xml') });
    expect(plan.items.filter((i) => i.kind === 'lab')).toEqual([]);
    expect(entriesOf(plan.items)).toEqual([
      { tracker: 'blood-pressure', at: '2012-09-10T12:00:00.000Z', data: { systolic: 132, diastolic: 88 } },
      { tracker: 'weight', at: '2012-09-10T12:00:00.000Z', data: { weight: 86, weightUnit: 'kg' } },
    ]);
    expect(plan.notUnderstood).toContainEqual({
      what: 'Vital signs',
      reason: 'Healthfolio does not keep body height yet.',
      count: 1,
    });
  });

  it('reports the vital signs Healthfolio has no place for, with the reason in words', async () => {
    // Synthea (Patria Schimmel): body height, BMI, oral temperature and a pain score of 3.53.
    const plan = await parse({ bytes: fixture('synthea-vitals.json') });
    expect(plan.items).toEqual([]);
    expect(plan.notUnderstood).toEqual(
      expect.arrayContaining(
        ['body height', 'body mass index', 'body temperature'].map((noun) => ({
          what: 'Vital signs',
          reason: `Healthfolio does not keep ${noun} yet.`,
          count: 1,
        })),
      ),
    );
    expect(plan.notUnderstood).toContainEqual({
      what: 'Pain scores',
      reason: 'A pain score the pain log cannot hold: it takes whole numbers from 1 to 10.',
      count: 1,
    });
  });

  it('makes a whole-number pain score from 1 to 10 a pain entry, and reports a 0', () => {
    expect(mapObservation(observation('72514-3', 4, '{score}'), 'fhir')).toMatchObject({
      kind: 'entry',
      tracker: 'pain',
      data: { painIntensity: 4 },
    });
    expect(mapObservation(observation('72514-3', 0, '{score}'), 'fhir')).toEqual({
      what: 'Pain scores',
      skip: 'A pain score of 0 (no pain): the pain log records pain from 1 to 10.',
    });
  });

  it('knows a vital sign by its code when the record gives no category, and a lab test by its category', () => {
    const heartRate = { ...observation('8867-4', 72, '/min'), category: undefined };
    expect(mapObservation(heartRate, 'fhir')).toEqual({
      what: 'Vital signs',
      skip: 'Healthfolio does not keep heart rate yet.',
    });
    // Oxygen saturation measured by a laboratory (a blood gas) is a lab result.
    expect(mapObservation(observation('2708-6', 97, '%', 'laboratory'), 'fhir')).toMatchObject({
      kind: 'lab',
      result: { loinc: '2708-6', value: 97 },
    });
  });

  it('reports a systolic pressure without its diastolic', async () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [{ resource: observation('8480-6', 132, 'mm[Hg]') }],
    };
    const plan = await parse({ bytes: new TextEncoder().encode(JSON.stringify(bundle)) });
    expect(plan.items).toEqual([]);
    expect(plan.notUnderstood).toEqual([
      {
        what: 'Vital signs',
        reason: 'A systolic or diastolic pressure without the other one of the same time.',
        count: 1,
      },
    ]);
  });
});
