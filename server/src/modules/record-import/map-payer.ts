import { isPhoneNumber, MAX_CENTS, parseMoney, sumCents } from '@healthfolio/core';
import type {
  Claim,
  CodeableConcept,
  ContactPoint,
  Coverage,
  ExplanationOfBenefit,
  Money,
  Organization,
  Resource,
} from '@medplum/fhirtypes';
import { DEDUCTIBLE_MET, OUT_OF_POCKET_MET } from '../record-export/fhir/codes';
import { conceptText, fhirDate, nameOf, type ResourceIndex, refsOf, resolve } from './fhir-values';
import type { ImportedClaim, ImportedPlan, PlannedItem } from './import-plan';

/**
 * Payer data: Coverage → an insurance plan; Claim and ExplanationOfBenefit (CARIN Blue Button
 * profiles, and a Healthfolio export) → a claim with billed, allowed, plan paid and you owe, linked
 * to the plan of the Coverage it names. A Claim and the EOB that answers it (the EOB's `claim`, or
 * the same claim number) are one claim. Money is kept as integer cents, as the insurance module does.
 */
type Outcome = PlannedItem | { skip: string; what: string } | null;

const PLANS = 'Insurance plans';
const CLAIMS = 'Insurance claims';
const ADJUDICATION = 'http://terminology.hl7.org/CodeSystem/adjudication';
const C4BB_ADJUDICATION = 'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBAdjudication';
const BLUE_BUTTON_ADJUDICATION = 'https://bluebutton.cms.gov/resources/codesystem/adjudication';
const COPAY_TYPE = 'http://terminology.hl7.org/CodeSystem/coverage-copay-type';

/** Cents from a FHIR money value: exact for up to two decimals, rounded past them; null if not one. */
export const centsOf = (m: Money | { value?: number } | undefined): number | null => {
  const v = m?.value;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return null;
  const cents = parseMoney(String(v)) ?? Math.round(v * 100);
  return cents <= MAX_CENTS ? cents : null;
};

const codes = (c: CodeableConcept | undefined) => (c?.coding ?? []).map((x) => x.code ?? '');

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

// ---- Claim and ExplanationOfBenefit → claim ------------------------------------------------------

type Adjudicated = Pick<ExplanationOfBenefit, 'total' | 'item'>;

/** The amount of an adjudication category: the EOB's total, else the sum over its items. */
const amountOf = (e: Adjudicated, match: (c: CodeableConcept) => boolean) => {
  const total = e.total?.find((t) => match(t.category));
  if (total) return { cents: centsOf(total.amount), currency: total.amount?.currency ?? null };
  const parts = (e.item ?? []).flatMap((i) => (i.adjudication ?? []).filter((a) => match(a.category)));
  if (!parts.length) return null;
  const cents = parts.map((p) => centsOf(p.amount));
  return {
    cents: cents.some((c) => c === null) ? null : sumCents(cents as number[]),
    currency: parts[0]?.amount?.currency ?? null,
  };
};
type Amount = ReturnType<typeof amountOf>;

/** The first of the categories the EOB gives an amount for (one sum of money may be coded several ways). */
const firstAmountOf = (e: Adjudicated, matches: ((c: CodeableConcept) => boolean)[]) =>
  matches.reduce<Amount>((found, m) => found ?? amountOf(e, m), null);

/** Amounts of distinct categories added up (a coinsurance and a deductible are both the person's). */
const addedUp = (amounts: Amount[]): Amount => {
  const given = amounts.filter((a) => a !== null);
  if (!given.length) return null;
  return {
    cents: given.some((a) => a.cents === null) ? null : sumCents(given.map((a) => a.cents as number)),
    currency: given.find((a) => a.currency)?.currency ?? null,
  };
};

const category = (system: string, code: string) => (c: CodeableConcept) =>
  !!c.coding?.some((x) => x.system === system && x.code === code);
const either =
  (...ms: ((c: CodeableConcept) => boolean)[]) =>
  (c: CodeableConcept) =>
    ms.some((m) => m(c));

const blueButton = (variable: string) =>
  category(BLUE_BUTTON_ADJUDICATION, `https://bluebutton.cms.gov/resources/variables/${variable}`);

const BILLED = category(ADJUDICATION, 'submitted');
const ALLOWED = category(ADJUDICATION, 'eligible');
/** What the plan paid, as CARIN or HL7 code it, else as CMS Blue Button (and Synthea) code it per line. */
const PLAN_PAID = [
  either(category(ADJUDICATION, 'benefit'), category(C4BB_ADJUDICATION, 'paidtoprovider')),
  blueButton('line_prvdr_pmt_amt'),
];
/** The person's share; earlier Healthfolio exports named it in words only. */
const YOU_OWE = either(
  category(C4BB_ADJUDICATION, 'memberliability'),
  (c) => c.text === 'Patient responsibility' && !c.coding?.length,
);
/** Blue Button has no one code for the person's share: it is the coinsurance and the deductible. */
const YOU_OWE_PARTS = [blueButton('line_coinsrnc_amt'), blueButton('line_bene_ptb_ddctbl_amt')];

/** What the plan paid: its adjudications, else the EOB's payment. */
const planPaidOf = (eob: ExplanationOfBenefit): Amount =>
  firstAmountOf(eob, PLAN_PAID) ??
  (eob.payment?.amount
    ? { cents: centsOf(eob.payment.amount), currency: eob.payment.amount.currency ?? null }
    : null);

const youOweOf = (eob: ExplanationOfBenefit): Amount =>
  amountOf(eob, YOU_OWE) ?? addedUp(YOU_OWE_PARTS.map((m) => amountOf(eob, m)));

const numberOf = (r: Claim | ExplanationOfBenefit) =>
  (
    r.identifier?.find((i) => codes(i.type).includes('uc'))?.value ??
    r.identifier?.find((i) => i.value)?.value ??
    r.id
  )
    ?.trim()
    .slice(0, 100);

const dateOf = (v: string | undefined) => fhirDate(v)?.slice(0, 10) ?? null;

const statusOf = (eob: ExplanationOfBenefit | undefined, planPaid: number): ImportedClaim['status'] => {
  if (!eob) return 'pending';
  if (eob.outcome === 'queued' || eob.outcome === 'partial') return 'processing';
  const disposition = eob.disposition?.toLowerCase() ?? '';
  if (/\bden(y|ied|ial)\b/.test(disposition)) return 'denied';
  if (/\bprocessing\b/.test(disposition)) return 'processing';
  if (/\bapproved\b/.test(disposition)) return 'approved';
  // Paid only when the plan paid something: never "Paid" with nothing covered.
  return planPaid > 0 ? 'paid' : 'approved';
};

const itemsText = (r: Claim | ExplanationOfBenefit | undefined) =>
  (r?.item ?? [])
    .map((i) => conceptText(i.productOrService))
    .filter(Boolean)
    .join('; ')
    .slice(0, 1000) || null;

const coverageRefs = (r: Claim | ExplanationOfBenefit | undefined) =>
  [...(r?.insurance ?? [])]
    .sort((a, b) => Number(!!b.focal) - Number(!!a.focal))
    .flatMap((i) => (i.coverage?.reference ? [i.coverage.reference] : []));

/** One claim from its Claim, its EOB, or both. */
const claimOf = (
  claim: Claim | undefined,
  eob: ExplanationOfBenefit | undefined,
  index: ResourceIndex,
): Outcome => {
  const first = (eob ?? claim) as Claim | ExplanationOfBenefit;
  const claimNumber = (claim && numberOf(claim)) ?? numberOf(first);
  if (!claimNumber) return { what: CLAIMS, skip: 'A claim without a claim number.' };
  const billed =
    (eob && amountOf(eob, BILLED)) ??
    (claim?.total ? { cents: centsOf(claim.total), currency: claim.total.currency ?? null } : null);
  if (!billed || billed.cents === null) return { what: CLAIMS, skip: 'A claim without the amount billed.' };
  const allowed = eob ? amountOf(eob, ALLOWED) : null;
  const paid = eob ? planPaidOf(eob) : null;
  const owe = eob ? youOweOf(eob) : null;
  if ([allowed, paid, owe].some((a) => a && a.cents === null))
    return { what: CLAIMS, skip: 'A claim with an amount that is not a sum of money.' };
  const coveredCents = paid?.cents ?? 0;
  const patientResponsibilityCents = owe?.cents ?? 0;
  if (coveredCents + patientResponsibilityCents > billed.cents)
    return {
      what: CLAIMS,
      skip: 'A claim whose plan payment and your share add up to more than was billed.',
    };
  const serviceDate =
    dateOf(first.billablePeriod?.start) ??
    dateOf(first.item?.[0]?.servicedDate ?? first.item?.[0]?.servicedPeriod?.start) ??
    dateOf(first.created);
  if (!serviceDate) return { what: CLAIMS, skip: 'A claim without the date of its service.' };
  const created = dateOf(claim?.created ?? eob?.created);
  const currencies = new Set([billed, allowed, paid, owe].flatMap((a) => (a?.currency ? [a.currency] : [])));
  if (currencies.size > 1) return { what: CLAIMS, skip: 'A claim with amounts in more than one currency.' };
  return {
    kind: 'claim',
    group: 'claims',
    coverageRefs: [...coverageRefs(eob), ...coverageRefs(claim)],
    currency: [...currencies][0] ?? null,
    claim: {
      claimNumber,
      provider: (nameOf(first.provider, index, first) ?? 'Provider not named').slice(0, 200),
      serviceDate,
      submittedDate: created && created > serviceDate ? created : serviceDate,
      status: statusOf(eob, coveredCents),
      amountCents: billed.cents,
      allowedCents: allowed?.cents ?? null,
      coveredCents,
      patientResponsibilityCents,
      description: itemsText(claim) ?? itemsText(eob),
    },
  };
};

/**
 * The file's claims: each Claim with the EOB that answers it, and each EOB without a Claim, once
 * (claims cancelled or entered in error are left out).
 */
export const mapClaims = (resources: Resource[], index: ResourceIndex): Outcome[] => {
  const live = <T extends Claim | ExplanationOfBenefit>(r: T) =>
    r.status !== 'entered-in-error' && r.status !== 'cancelled';
  const claims = resources.filter((r): r is Claim => r.resourceType === 'Claim').filter(live);
  const eobs = resources
    .filter((r): r is ExplanationOfBenefit => r.resourceType === 'ExplanationOfBenefit')
    .filter(live);
  const answered = new Map<Claim, ExplanationOfBenefit>();
  const alone: ExplanationOfBenefit[] = [];
  for (const eob of eobs) {
    const byRef = resolve(eob.claim, index, eob);
    const claim =
      (byRef?.resourceType === 'Claim' ? (byRef as Claim) : undefined) ??
      claims.find((c) => numberOf(c) === numberOf(eob));
    if (claim && !answered.has(claim)) answered.set(claim, eob);
    else alone.push(eob);
  }
  return [
    ...claims.map((c) => claimOf(c, answered.get(c), index)),
    ...alone.map((e) => claimOf(undefined, e, index)),
  ];
};
