import { readFileSync } from 'node:fs';
import type { Bundle, ExplanationOfBenefit, Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { indexResources } from './fhir-values';
import { mapClaims } from './map-claims';

/**
 * A Claim and its ExplanationOfBenefit cut from the Synthea patient Rudolf Weber
 * (smart-on-fhir/generated-sample-data, Apache-2.0): references to other resources left out, the
 * provider named in place. The EOB codes its money as CMS Blue Button does, line by line.
 */
const bundle = JSON.parse(
  readFileSync(new URL('../../../test/fixtures/records/synthea-eob.json', import.meta.url), 'utf8'),
) as Bundle;
const resources = (bundle.entry ?? []).map((e) => e.resource as Resource);
const claimsOf = (rs: Resource[]) =>
  mapClaims(rs, indexResources(rs)).flatMap((o) => (o && 'kind' in o && o.kind === 'claim' ? [o.claim] : []));
const eob = resources.find((r): r is ExplanationOfBenefit => r.resourceType === 'ExplanationOfBenefit');
const withEob = (change: (e: ExplanationOfBenefit) => ExplanationOfBenefit) =>
  resources.map((r) => (r === eob ? change(structuredClone(eob)) : r));

describe('A claim’s money from its explanation of benefit', () => {
  it('takes what the plan paid and what the person owes from Blue Button line adjudications', () => {
    expect(claimsOf(resources)).toEqual([
      expect.objectContaining({
        provider: 'LOWELL GENERAL HOSPITAL',
        serviceDate: '2012-12-19',
        status: 'paid',
        amountCents: 26552,
        // Line Provider Payment Amount 112.416, Line Beneficiary Coinsurance 28.104 (+ deductible 0).
        coveredCents: 11242,
        patientResponsibilityCents: 2810,
      }),
    ]);
  });

  it('falls back to the EOB’s payment for what the plan paid', () => {
    const noLines = withEob((e) => ({ ...e, item: e.item?.map((i) => ({ ...i, adjudication: undefined })) }));
    expect(claimsOf(noLines)).toEqual([
      expect.objectContaining({ status: 'paid', coveredCents: 11242, patientResponsibilityCents: 0 }),
    ]);
  });

  it('is not "Paid" when the plan paid nothing', () => {
    const nothing = withEob((e) => ({
      ...e,
      item: e.item?.map((i) => ({ ...i, adjudication: undefined })),
      payment: { amount: { value: 0, currency: 'USD' } },
    }));
    expect(claimsOf(nothing)).toEqual([
      expect.objectContaining({ status: 'approved', coveredCents: 0, amountCents: 26552 }),
    ]);
  });

  it('leaves out a claim whose payments add up to more than was billed, in words true of a ward’s record too', () => {
    const over = withEob((e) => ({
      ...e,
      item: e.item?.map((i) => ({ ...i, adjudication: undefined })),
      payment: { amount: { value: 1_000_000, currency: 'USD' } },
    }));
    expect(mapClaims(over, indexResources(over))).toContainEqual(
      expect.objectContaining({
        skip: 'A claim whose plan payment and patient share add up to more than was billed.',
      }),
    );
  });
});
