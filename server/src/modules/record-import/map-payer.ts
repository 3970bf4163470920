import { isPhoneNumber, MAX_CENTS, parseMoney } from '@healthfolio/core';
import type { CodeableConcept, ContactPoint, Coverage, Money, Organization } from '@medplum/fhirtypes';
import { DEDUCTIBLE_MET, OUT_OF_POCKET_MET } from '../record-export/fhir/codes';
import { conceptText, fhirDate, nameOf, type ResourceIndex, refsOf, resolve } from './fhir-values';
import type { ImportedPlan, PlannedItem } from './import-plan';

/**
 * Payer data: Coverage → an insurance plan (claims: map-claims.ts). Money is kept as integer cents,
 * as the insurance module does.
 */
export type Outcome = PlannedItem | { skip: string; what: string } | null;

const PLANS = 'Insurance plans';
export const CLAIMS = 'Insurance claims';
export const ADJUDICATION = 'http://terminology.hl7.org/CodeSystem/adjudication';
export const C4BB_ADJUDICATION = 'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBAdjudication';
const COPAY_TYPE = 'http://terminology.hl7.org/CodeSystem/coverage-copay-type';

/** Cents from a FHIR money value: exact for up to two decimals, rounded past them; null if not one. */
export const centsOf = (m: Money | { value?: number } | undefined): number | null => {
  const v = m?.value;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return null;
  const cents = parseMoney(String(v)) ?? Math.round(v * 100);
  return cents <= MAX_CENTS ? cents : null;
};

export const codes = (c: CodeableConcept | undefined) => (c?.coding ?? []).map((x) => x.code ?? '');

// ---- Coverage → plan -----------------------------------------------------------------------------

const PLAN_STATUS: Record<string, ImportedPlan['status']> = {
  active: 'active',
  cancelled: 'inactive',
  draft: 'pending',
};

const PLAN_TYPES = ['primary', 'secondary', 'dental', 'vision'] as const;

/** A Healthfolio export names the type; other sources code it (v3 ActCode DENTPRG, VISPOL...) or order it. */
const planType = (c: Coverage): ImportedPlan['type'] => {
  const text = conceptText(c.type)?.toLowerCase() ?? '';
  const named = PLAN_TYPES.find((t) => t === text);
  if (named) return named;
  const words = [text, ...codes(c.type)].join(' ').toLowerCase();
  if (/dent/.test(words)) return 'dental';
  if (/vis(ion|pol)/.test(words)) return 'vision';
  return c.order && c.order > 1 ? 'secondary' : 'primary';
};

const isWebAddress = (v: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};
const checked = (v: string | null, max: number, ok: (v: string) => boolean) =>
  v && v.length <= max && ok(v) ? v : null;

const telecom = (list: ContactPoint[] | undefined, system: ContactPoint['system']) =>
  list?.find((t) => t.system === system && t.value?.trim())?.value?.trim() ?? null;

/** A copay or a cost of the plan (deductible, out-of-pocket maximum) in cents, or 0. */
const costOf = (c: Coverage, match: (type: CodeableConcept | undefined) => boolean) =>
  centsOf(c.costToBeneficiary?.find((x) => match(x.type))?.valueMoney) ?? 0;
const copay = (code: string) => (t: CodeableConcept | undefined) =>
  !!t?.coding?.some((x) => x.system === COPAY_TYPE && x.code === code);
const worded = (text: string) => (t: CodeableConcept | undefined) => t?.text === text && !t.coding?.length;

const classValue = (c: Coverage, type: string) =>
  c.class?.find((k) => codes(k.type).includes(type))?.value?.trim() || null;

export const mapCoverage = (c: Coverage, index: ResourceIndex, today: string): Outcome => {
  if (c.status === 'entered-in-error') return null;
  const payor = c.payor?.[0];
  const org = resolve(payor, index, c) as Organization | undefined;
  const name = (nameOf(payor, index, c) ?? classValue(c, 'plan'))?.slice(0, 200);
  if (!name) return { what: PLANS, skip: 'A plan without the name of its insurer.' };
  const effectiveDate = fhirDate(c.period?.start)?.slice(0, 10);
  if (effectiveDate?.length !== 10) return { what: PLANS, skip: 'A plan without the date it starts.' };
  // CARIN's member identifier (MB) is the person's; the subscriber id is the policy holder's.
  const memberId = c.identifier?.find((i) => codes(i.type).includes('MB'))?.value;
  const policy =
    c.identifier?.find((i) => i.type?.text === 'Policy number')?.value ??
    c.subscriberId ??
    c.identifier?.find((i) => !codes(i.type).includes('MB'))?.value ??
    classValue(c, 'plan') ??
    memberId;
  const member = memberId ?? c.subscriberId ?? policy;
  if (!policy || !member) return { what: PLANS, skip: 'A plan without a policy or member number.' };
  const ended = fhirDate(c.period?.end);
  const status = PLAN_STATUS[c.status] ?? 'active';
  return {
    kind: 'plan',
    group: 'insurancePlans',
    refs: refsOf(c),
    plan: {
      name,
      type: planType(c),
      status: status === 'active' && ended && ended.slice(0, 10) < today ? 'inactive' : status,
      policyNumber: policy.trim().slice(0, 100),
      groupNumber: classValue(c, 'group')?.slice(0, 100) ?? null,
      memberNumber: member.trim().slice(0, 100),
      effectiveDate,
      deductibleCents: costOf(c, copay('deductible')),
      deductibleMetCents: costOf(c, worded(DEDUCTIBLE_MET)),
      outOfPocketMaxCents: costOf(c, copay('maxoutofpocket')),
      outOfPocketMetCents: costOf(c, worded(OUT_OF_POCKET_MET)),
      copayPrimaryCents: costOf(c, copay('gpvisit')),
      copaySpecialistCents: costOf(c, copay('spvisit')),
      copayEmergencyCents: costOf(c, copay('emergency')),
      // Kept only in the forms the Insurance page accepts (a website only as an http(s) address).
      contactPhone: checked(telecom(org?.telecom, 'phone'), 40, isPhoneNumber) ?? '',
      contactEmail: checked(telecom(org?.telecom, 'email'), 200, (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)),
      contactWebsite: checked(telecom(org?.telecom, 'url'), 500, isWebAddress),
    },
  };
};
