import {
  type BillResponse,
  type ClaimResponse,
  type InsuranceSettingsResponse,
  outstandingCents,
  type PlanResponse,
  sumCents,
} from '@healthfolio/core';
import type { Attachments } from './attachments';
import type { BillRow, ClaimRow, PaymentRow, PlanRow, SettingsRow } from './insurance.repository';

const stamps = (row: { createdAt: Date; updatedAt: Date }) => ({
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const presentPlan = (row: PlanRow): PlanResponse => ({
  id: row.id,
  name: row.name,
  type: row.type as PlanResponse['type'],
  status: row.status as PlanResponse['status'],
  policyNumber: row.policyNumber,
  groupNumber: row.groupNumber,
  memberNumber: row.memberNumber,
  effectiveDate: row.effectiveDate,
  deductibleCents: row.deductibleCents,
  deductibleMetCents: row.deductibleMetCents,
  outOfPocketMaxCents: row.outOfPocketMaxCents,
  outOfPocketMetCents: row.outOfPocketMetCents,
  copayPrimaryCents: row.copayPrimaryCents,
  copaySpecialistCents: row.copaySpecialistCents,
  copayEmergencyCents: row.copayEmergencyCents,
  contactPhone: row.contactPhone,
  contactEmail: row.contactEmail,
  contactWebsite: row.contactWebsite,
  ...stamps(row),
});

const attached = (id: string | null, docs: Attachments) => (id ? (docs.get(id) ?? null) : null);

export const presentClaim = (row: ClaimRow, docs: Attachments): ClaimResponse => ({
  id: row.id,
  // A number made from the source record's resource id is the app's, not the insurer's: not shown.
  claimNumber: row.claimNumberGenerated ? null : row.claimNumber,
  provider: row.provider,
  serviceDate: row.serviceDate,
  submittedDate: row.submittedDate,
  status: row.status as ClaimResponse['status'],
  amountCents: row.amountCents,
  coveredCents: row.coveredCents,
  patientResponsibilityCents: row.patientResponsibilityCents,
  allowedCents: row.allowedCents,
  description: row.description,
  insurancePlanId: row.insurancePlanId,
  eobDocumentId: row.eobDocumentId,
  eobDocument: attached(row.eobDocumentId, docs),
  ...stamps(row),
});

/** A bill with its payments; what is paid and outstanding come from core's one rule. */
export const presentBill = (row: BillRow, payments: PaymentRow[], docs: Attachments): BillResponse => {
  const paidCents = sumCents(payments.map((p) => p.amountCents));
  return {
    id: row.id,
    provider: row.provider,
    amountCents: row.amountCents,
    insuranceCoveredCents: row.insuranceCoveredCents,
    dueDate: row.dueDate,
    status: row.status as BillResponse['status'],
    category: row.category as BillResponse['category'],
    description: row.description,
    paidCents,
    outstandingCents: outstandingCents({ ...row, paidCents }),
    payments: payments.map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      paidOn: p.paidOn,
      note: p.note,
      createdAt: p.createdAt.toISOString(),
    })),
    receiptDocumentId: row.receiptDocumentId,
    receiptDocument: attached(row.receiptDocumentId, docs),
    ...stamps(row),
  };
};

export const presentSettings = (row: SettingsRow | undefined): InsuranceSettingsResponse => ({
  currency: (row?.currency ?? 'USD') as InsuranceSettingsResponse['currency'],
  hsaCents: row?.hsaCents ?? 0,
  fsaCents: row?.fsaCents ?? 0,
  fsaExpiration: row?.fsaExpiration ?? null,
});
