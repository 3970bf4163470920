import { claimShares } from '@healthfolio/core/insurance/claim-amounts';
import type { CLAIM_STATUSES } from '@healthfolio/core/insurance/insurance-options';
import type { Claim, ExplanationOfBenefit, ExplanationOfBenefitTotal, Money } from '@medplum/fhirtypes';
import { healthfolioCode } from './codes';
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
  /** The vault document holding the insurer's explanation of benefits, if one is attached. */
  eobDocumentId: string | null;
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

const INFORMATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/claiminformationcategory';

/**
 * The EOB file attached to the claim: supporting information of category `attachment` coded with
 * Healthfolio's `eob-document`, naming the vault document's DocumentReference of the same bundle.
 */
const eobAttachment = (c: ClaimRow, ctx: ExportContext) =>
  c.eobDocumentId
    ? {
        supportingInfo: [
          {
            sequence: 1,
            category: { coding: [{ system: INFORMATION_CATEGORY, code: 'attachment' }] },
            code: healthfolioCode(ctx, 'eob-document', 'Explanation of benefits'),
            valueReference: { reference: `urn:uuid:${c.eobDocumentId}` },
          },
        ],
      }
    : {};

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
  ...eobAttachment(c, ctx),
  ...(c.description ? { item: [{ sequence: 1, productOrService: { text: c.description } }] } : {}),
  total: money(c.amountCents, currency),
});

/** An adjudication total, left out while its amount is not known (never written as 0). */
const totalOf = (
  cents: number | null,
  currency: string,
  category: ExplanationOfBenefitTotal['category'],
): ExplanationOfBenefitTotal[] => (cents === null ? [] : [{ category, amount: money(cents, currency) }]);

/**
 * What the insurer made of a claim, with the CARIN Blue Button adjudication categories: billed
 * (submitted), allowed (eligible), plan paid (benefit) and the person's share (memberliability).
 * An amount not known yet (no allowed amount; plan paid and the person's share of a claim still in
 * processing, claimShares) is absent, so a reader never takes it for a zero.
 */
export const explanationOfBenefit = (
  c: ClaimRow,
  ctx: ExportContext,
  currency: string,
): (ExplanationOfBenefit & { id: string }) | null => {
  if (!ANSWERED.has(c.status)) return null;
  // The column's check constraint holds status to CLAIM_STATUSES.
  const shares = claimShares({ ...c, status: c.status as (typeof CLAIM_STATUSES)[number] });
  return {
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
      ...totalOf(c.amountCents, currency, {
        coding: [{ system: ADJUDICATION, code: 'submitted' }],
        text: 'Billed',
      }),
      ...totalOf(c.allowedCents, currency, {
        coding: [{ system: ADJUDICATION, code: 'eligible' }],
        text: 'Allowed',
      }),
      ...totalOf(shares.coveredCents, currency, {
        coding: [{ system: ADJUDICATION, code: 'benefit' }],
        text: 'Plan paid',
      }),
      ...totalOf(shares.patientResponsibilityCents, currency, {
        coding: [{ system: C4BB_ADJUDICATION, code: 'memberliability' }],
        text: 'Patient responsibility',
      }),
    ],
  };
};
