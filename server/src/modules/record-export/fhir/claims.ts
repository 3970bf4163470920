import type { Claim, ExplanationOfBenefit, Money } from '@medplum/fhirtypes';
import { derivedId, type ExportContext } from './context';

export interface ClaimRow {
  id: string;
  claimNumber: string;
  provider: string;
  serviceDate: string;
  submittedDate: string;
  status: string;
  amountCents: number;
  coveredCents: number;
  patientResponsibilityCents: number;
  description: string | null;
  insurancePlanId: string | null;
  planName: string | null;
}

const TYPE = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'professional' }],
};
const ADJUDICATION = 'http://terminology.hl7.org/CodeSystem/adjudication';
/** Claims the insurer has answered have an explanation of benefits. */
const DECIDED = new Set(['approved', 'paid', 'denied']);

const money = (cents: number, currency: string): Money => ({
  value: cents / 100,
  currency: currency as Money['currency'],
});
const coverageOf = (c: ClaimRow) =>
  c.insurancePlanId ? { reference: `urn:uuid:${c.insurancePlanId}` } : { display: 'Not recorded' };

/** A claim as the person recorded it; its status stays in the explanation of benefits. */
export const claimResource = (c: ClaimRow, ctx: ExportContext, currency: string): Claim & { id: string } => ({
  resourceType: 'Claim',
  id: c.id,
  identifier: [{ value: c.claimNumber }],
  status: 'active',
  type: TYPE,
  use: 'claim',
  patient: ctx.patient,
  billablePeriod: { start: c.serviceDate },
  created: c.submittedDate,
  ...(c.planName ? { insurer: { display: c.planName } } : {}),
  provider: { display: c.provider },
  priority: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/processpriority', code: 'normal' }] },
  insurance: [{ sequence: 1, focal: true, coverage: coverageOf(c) }],
  ...(c.description ? { item: [{ sequence: 1, productOrService: { text: c.description } }] } : {}),
  total: money(c.amountCents, currency),
});

/** What the insurer decided on a claim (approved, paid or denied): billed, covered, the person's share. */
export const explanationOfBenefit = (
  c: ClaimRow,
  ctx: ExportContext,
  currency: string,
): (ExplanationOfBenefit & { id: string }) | null =>
  DECIDED.has(c.status)
    ? {
        resourceType: 'ExplanationOfBenefit',
        id: derivedId(c.id, 'explanation-of-benefit'),
        identifier: [{ value: c.claimNumber }],
        status: 'active',
        type: TYPE,
        use: 'claim',
        patient: ctx.patient,
        billablePeriod: { start: c.serviceDate },
        created: c.submittedDate,
        insurer: { display: c.planName ?? 'Not recorded' },
        provider: { display: c.provider },
        claim: { reference: `urn:uuid:${c.id}` },
        outcome: 'complete',
        disposition: c.status === 'denied' ? 'Denied' : c.status === 'paid' ? 'Paid' : 'Approved',
        insurance: [{ focal: true, coverage: coverageOf(c) }],
        total: [
          {
            category: { coding: [{ system: ADJUDICATION, code: 'submitted' }] },
            amount: money(c.amountCents, currency),
          },
          {
            category: { coding: [{ system: ADJUDICATION, code: 'benefit' }] },
            amount: money(c.coveredCents, currency),
          },
          {
            category: { text: 'Patient responsibility' },
            amount: money(c.patientResponsibilityCents, currency),
          },
        ],
      }
    : null;
