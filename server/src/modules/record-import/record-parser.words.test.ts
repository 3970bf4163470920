import type { Resource } from '@medplum/fhirtypes';
import { expect, it } from 'vitest';
import { planOf } from './record-parser';

it('says of a lab report that its results came in one by one, in plain words', () => {
  const resources = [
    { resourceType: 'Patient', id: 'p1', name: [{ text: 'Words Test' }] },
    {
      resourceType: 'DiagnosticReport',
      status: 'final',
      code: { text: 'Basic metabolic panel' },
      result: [{ reference: 'Observation/o1' }],
    },
    { resourceType: 'DiagnosticReport', status: 'final', code: { text: 'Chest X-ray' } },
  ] as Resource[];
  expect(planOf(resources, 'fhir-bundle').notUnderstood).toEqual([
    {
      what: 'Reports',
      reason: 'Their results are imported one by one; the report itself is not kept.',
      count: 1,
    },
    { what: 'Reports', reason: 'Healthfolio does not import these yet.', count: 1 },
  ]);
});
