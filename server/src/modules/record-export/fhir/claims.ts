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
  allowedCents: number | null;
  description: string | null;
  insurancePlanId: string | null;
  planName: string | null;
}

const TYPE = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'professional' }],
};
const ADJUDICATION = 'http://terminology.hl7.org/CodeSystem/adjudication';
const C4BB_ADJUDICATION = 'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBAdjudication';
/** Claims the insurer has taken up have an explanation of benefits (one still in processing: queued). */
const ANSWERED = new Set(['processing', 'approved', 'paid', 'denied']);
const DISPOSITION: Record<string, string> = {
  processing: 'Processing',
  approved: 'Approved',
  paid: 'Paid',
  denied: 'Denied',
};

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

/**
 * What the insurer made of a claim, with the CARIN Blue Button adjudication categories: billed
 * (submitted), allowed (eligible), plan paid (benefit) and the person's share (memberliability).
 */
export const explanationOfBenefit = (
  c: ClaimRow,
  ctx: ExportContext,
  currency: string,
): (ExplanationOfBenefit & { id: string }) | null =>
  ANSWERED.has(c.status)
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
        outcome: c.status === 'processing' ? 'queued' : 'complete',
        disposition: DISPOSITION[c.status],
        insurance: [{ focal: true, coverage: coverageOf(c) }],
        total: [
          {
            category: { coding: [{ system: ADJUDICATION, code: 'submitted' }], text: 'Billed' },
            amount: money(c.amountCents, currency),
          },
          ...(c.allowedCents === null
            ? []
            : [
                {
                  category: { coding: [{ system: ADJUDICATION, code: 'eligible' }], text: 'Allowed' },
                  amount: money(c.allowedCents, currency),
                },
              ]),
          {
            category: { coding: [{ system: ADJUDICATION, code: 'benefit' }], text: 'Plan paid' },
            amount: money(c.coveredCents, currency),
          },
          {
            category: {
              coding: [{ system: C4BB_ADJUDICATION, code: 'memberliability' }],
              text: 'Patient responsibility',
            },
            amount: money(c.patientResponsibilityCents, currency),
          },
        ],
      }
    : null;
