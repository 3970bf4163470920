import type { CodeableConcept, Coverage, CoverageCostToBeneficiary, Organization } from '@medplum/fhirtypes';
import { DEDUCTIBLE_MET, OUT_OF_POCKET_MET } from './codes';
import type { ExportContext } from './context';

export interface PlanRow {
  id: string;
  name: string;
  type: string;
  status: string;
  policyNumber: string;
  groupNumber: string | null;
  memberNumber: string;
  effectiveDate: string;
  deductibleCents: number;
  deductibleMetCents: number;
  outOfPocketMaxCents: number;
  outOfPocketMetCents: number;
  copayPrimaryCents: number;
  copaySpecialistCents: number;
  copayEmergencyCents: number;
  contactPhone: string;
  contactEmail: string | null;
  contactWebsite: string | null;
}

const STATUS = { active: 'active', inactive: 'cancelled', pending: 'draft' } as const;
const ORDER: Record<string, number> = { primary: 1, secondary: 2 };
const COPAY_TYPE = 'http://terminology.hl7.org/CodeSystem/coverage-copay-type';

const money = (cents: number, currency: string) => ({
  value: cents / 100,
  currency: currency as 'USD',
});

/**
 * The plan's costs: copays, deductible and out-of-pocket maximum with their coverage-copay-type
 * codes; what has been met so far, which that code system does not name, in words (the import
 * reads both back, record-import/map-payer.ts, map-claims.ts).
 */
const copay = (code: string): CodeableConcept => ({ coding: [{ system: COPAY_TYPE, code }] });
const costs = (p: PlanRow, currency: string): CoverageCostToBeneficiary[] =>
  (
    [
      [copay('gpvisit'), p.copayPrimaryCents],
      [copay('spvisit'), p.copaySpecialistCents],
      [copay('emergency'), p.copayEmergencyCents],
      [copay('deductible'), p.deductibleCents],
      [copay('maxoutofpocket'), p.outOfPocketMaxCents],
      [{ text: DEDUCTIBLE_MET }, p.deductibleMetCents],
      [{ text: OUT_OF_POCKET_MET }, p.outOfPocketMetCents],
    ] satisfies [CodeableConcept, number][]
  )
    .filter(([, cents]) => cents > 0)
    .map(([type, cents]) => ({ type, valueMoney: money(cents, currency) }));

/** The insurer, contained in the plan: its name and how to reach it. */
const payor = (p: PlanRow): Organization => ({
  resourceType: 'Organization',
  id: 'payor',
  name: p.name,
  telecom: [
    ...(p.contactPhone ? [{ system: 'phone' as const, value: p.contactPhone }] : []),
    ...(p.contactEmail ? [{ system: 'email' as const, value: p.contactEmail }] : []),
    ...(p.contactWebsite ? [{ system: 'url' as const, value: p.contactWebsite }] : []),
  ],
});

/** An insurance plan: the payer, member and policy numbers, the group as a class, its costs. */
export const coverageResource = (
  p: PlanRow,
  ctx: ExportContext,
  currency = 'USD',
): Coverage & { id: string } => {
  const costToBeneficiary = costs(p, currency);
  return {
    resourceType: 'Coverage',
    id: p.id,
    contained: [payor(p)],
    status: STATUS[p.status as keyof typeof STATUS] ?? 'active',
    identifier: [{ type: { text: 'Policy number' }, value: p.policyNumber }],
    type: { text: p.type },
    beneficiary: ctx.patient,
    subscriberId: p.memberNumber,
    period: { start: p.effectiveDate },
    payor: [{ reference: '#payor', display: p.name }],
    ...(ORDER[p.type] ? { order: ORDER[p.type] } : {}),
    ...(p.groupNumber
      ? {
          class: [
            {
              type: {
                coding: [{ system: 'http://terminology.hl7.org/CodeSystem/coverage-class', code: 'group' }],
              },
              value: p.groupNumber,
            },
          ],
        }
      : {}),
    ...(costToBeneficiary.length ? { costToBeneficiary } : {}),
  };
};
