import { sumCents } from '@healthfolio/core';
import type { Claim, CodeableConcept, ExplanationOfBenefit, Resource } from '@medplum/fhirtypes';
import { conceptText, fhirDate, nameOf, type ResourceIndex, resolve } from './fhir-values';
import { ourCode } from './healthfolio-export';
import type { ImportedClaim } from './import-plan';
import { ADJUDICATION, C4BB_ADJUDICATION, CLAIMS, centsOf, codes, type Outcome } from './map-payer';

/**
 * Claim and ExplanationOfBenefit (CARIN Blue Button profiles, CMS Blue Button as Synthea writes it,
 * and a Healthfolio export) → a claim with billed, allowed, plan paid and you owe, linked to the plan
 * of the Coverage it names. A Claim and the EOB that answers it (the EOB's `claim`, or the same claim
 * number) are one claim.
 */
const BLUE_BUTTON_ADJUDICATION = 'https://bluebutton.cms.gov/resources/codesystem/adjudication';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a claim's number is not one the insurer gave but a resource's id: the claim had no
 * identifier, or names its Claim's UUID (Synthea's Blue Button `clm_id`). It still matches a
 * re-import; it is never shown.
 */
const generatedNumber = (r: Claim | ExplanationOfBenefit, number: string) =>
  number === r.id?.trim() || UUID.test(number);

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

/** The EOB file a Healthfolio export attached (supporting information coded `eob-document`). */
const eobDocumentRef = (...rs: (Claim | ExplanationOfBenefit | undefined)[]) =>
  rs
    .flatMap((r) => r?.supportingInfo ?? [])
    .find((i) => ourCode(i.code) === 'eob-document' && typeof i.valueReference?.reference === 'string')
    ?.valueReference?.reference ?? null;

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
      skip: 'A claim whose plan payment and patient share add up to more than was billed.',
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
    eobDocumentRef: eobDocumentRef(claim, eob),
    claim: {
      claimNumber,
      claimNumberGenerated: generatedNumber(claim && numberOf(claim) ? claim : first, claimNumber),
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
