import { z } from 'zod';
import { LocalDate } from '../notifications/wall-clock';
import {
  BILL_CATEGORIES,
  BILL_STATUSES,
  CLAIM_SORT_KEYS,
  CLAIM_STATUSES,
  PLAN_STATUSES,
  PLAN_TYPES,
} from './insurance-options';
import { CURRENCIES, MAX_CENTS, parseMoney } from './money';

export const PlanType = z.enum(PLAN_TYPES);
export const PlanStatus = z.enum(PLAN_STATUSES);
export const ClaimStatus = z.enum(CLAIM_STATUSES);
export const BillStatus = z.enum(BILL_STATUSES);
export const BillCategory = z.enum(BILL_CATEGORIES);
export const Currency = z.enum(CURRENCIES);
export type PlanType = z.infer<typeof PlanType>;
export type PlanStatus = z.infer<typeof PlanStatus>;
export type ClaimStatus = z.infer<typeof ClaimStatus>;
export type BillStatus = z.infer<typeof BillStatus>;
export type BillCategory = z.infer<typeof BillCategory>;

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export const AMOUNT_MESSAGE = 'Enter an amount such as 120.50';
export const NEGATIVE_MESSAGE = 'The amount cannot be negative';

/**
 * An amount in the API's canonical form ("120.50" or 120.5, at most two decimals) → integer cents.
 * Forms turn what the user typed in their locale into this form first (see parseMoney).
 */
const money = (missing: string) =>
  z.union([z.string(), z.number()], { error: missing }).transform((v, ctx) => {
    const cents = parseMoney(v);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE });
      return z.NEVER;
    }
    if (cents < 0) {
      ctx.addIssue({ code: 'custom', message: NEGATIVE_MESSAGE });
      return z.NEVER;
    }
    if (cents > MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'The amount is too large' });
      return z.NEVER;
    }
    return cents;
  });

/** A required amount; `label` names it in the message ("Enter the amount"). */
const requiredMoney = (label: string) =>
  z.preprocess((v) => (empty(v) ? undefined : v), money(`Enter the ${label}`));

/** An amount left empty is 0 (a deductible, a copay, what insurance covered). */
const optionalAmount = z.preprocess((v) => (empty(v) ? '0' : v), money(AMOUNT_MESSAGE));

const required = (label: string, max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: `Enter the ${label}` })
      .min(1, `Enter the ${label}`)
      .max(max, `At most ${max} characters`),
  );

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

const requiredDate = (label: string) =>
  z.preprocess((v) => (empty(v) ? undefined : v), z.string({ error: `Enter the ${label}` }).pipe(LocalDate));

/**
 * A phone number as people write it: digits with spaces, dots, dashes, brackets, a leading + and an
 * optional extension ("1-800-555-0100", "+44 20 7946 0958", "(555) 010-0199 ext. 12"); 7 to 15 digits
 * before the extension (E.164 allows at most 15).
 */
export const isPhoneNumber = (s: string) => {
  const match = /^(\+?[\d\s().-]+?)(?:\s*(?:x|ext\.?|extension)\s*\d{1,6})?$/i.exec(s.trim());
  const digits = match?.[1]?.replace(/\D/g, '').length ?? 0;
  return digits >= 7 && digits <= 15;
};

const isWebUrl = (s: string) => {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
};

/** A document of the user's vault attached to a record (an EOB, a receipt); null detaches it. */
const attachmentId = (message: string) =>
  z
    .union([z.literal(''), z.string().uuid(message)])
    .nullish()
    .transform((v) => v || null);
export const EOB_MESSAGE = 'Choose one of your documents as the EOB';
export const RECEIPT_MESSAGE = 'Choose one of your documents as the receipt';

/** What a record shows of its attached document (the file comes from the documents download route). */
export const AttachedDocument = z.object({ id: z.string().uuid(), title: z.string(), fileName: z.string() });
export type AttachedDocument = z.infer<typeof AttachedDocument>;

// ---- Plans (spec "Insurance provider") -----------------------------------------------------------

const planFields = {
  name: required('plan name'),
  type: PlanType,
  status: PlanStatus,
  policyNumber: required('policy number', 100),
  groupNumber: optionalText(100),
  memberNumber: required('member number', 100),
  effectiveDate: requiredDate('effective date'),
  deductible: optionalAmount,
  deductibleMet: optionalAmount,
  outOfPocketMax: optionalAmount,
  outOfPocketMet: optionalAmount,
  copayPrimary: optionalAmount,
  copaySpecialist: optionalAmount,
  copayEmergency: optionalAmount,
  contactPhone: required('contact phone', 40).pipe(
    z.string().refine(isPhoneNumber, 'Enter a phone number such as 1-800-555-0100'),
  ),
  contactEmail: z
    .union([z.literal(''), z.email('Enter an email address such as help@insurer.com').max(200)])
    .nullish()
    .transform((v) => v || null),
  contactWebsite: optionalText(500).refine((v) => v === null || isWebUrl(v), {
    message: 'Enter a web address starting with http:// or https://',
  }),
};

type PlanMoney = {
  deductible?: number;
  deductibleMet?: number;
  outOfPocketMax?: number;
  outOfPocketMet?: number;
};
const planChecks = (p: PlanMoney, ctx: z.RefinementCtx) => {
  if (p.deductible !== undefined && p.deductibleMet !== undefined && p.deductibleMet > p.deductible)
    ctx.addIssue({
      code: 'custom',
      path: ['deductibleMet'],
      message: 'Deductible met cannot be more than the deductible',
    });
  if (p.outOfPocketMax !== undefined && p.outOfPocketMet !== undefined && p.outOfPocketMet > p.outOfPocketMax)
    ctx.addIssue({
      code: 'custom',
      path: ['outOfPocketMet'],
      message: 'Out-of-pocket met cannot be more than the out-of-pocket maximum',
    });
};

/** The Add Insurance dialog: name, type, numbers, effective date, contact phone are required. */
export const PlanCreateRequest = z
  .strictObject({ ...planFields, status: PlanStatus.default('active') })
  .superRefine(planChecks);
export type PlanCreateRequest = z.input<typeof PlanCreateRequest>;
export type PlanFields = z.output<typeof PlanCreateRequest>;

export const PlanResponse = z.object({
  id: z.string().uuid(),
  name: z.string(),
  type: PlanType,
  status: PlanStatus,
  policyNumber: z.string(),
  groupNumber: z.string().nullable(),
  memberNumber: z.string(),
  effectiveDate: z.string(),
  deductibleCents: z.number().int(),
  deductibleMetCents: z.number().int(),
  outOfPocketMaxCents: z.number().int(),
  outOfPocketMetCents: z.number().int(),
  copayPrimaryCents: z.number().int(),
  copaySpecialistCents: z.number().int(),
  copayEmergencyCents: z.number().int(),
  contactPhone: z.string(),
  contactEmail: z.string().nullable(),
  contactWebsite: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlanResponse = z.infer<typeof PlanResponse>;
export const PlanListResponse = z.object({ items: z.array(PlanResponse) });
export type PlanListResponse = z.infer<typeof PlanListResponse>;

// ---- Claims --------------------------------------------------------------------------------------

const claimFields = {
  claimNumber: required('claim number', 100),
  provider: required('provider'),
  serviceDate: requiredDate('service date'),
  submittedDate: requiredDate('submitted date'),
  status: ClaimStatus,
  amount: requiredMoney('amount'),
  covered: optionalAmount,
  patientResponsibility: optionalAmount,
  /** What the plan allowed for the service (an EOB's allowed amount); left empty when not known. */
  allowed: z.preprocess((v) => (empty(v) ? null : v), money(AMOUNT_MESSAGE).nullable()).optional(),
  description: optionalText(1000),
  /** The plan the claim went to (spec "insuranceProvider"); one of the user's own plans. */
  insurancePlanId: z
    .union([z.literal(''), z.string().uuid('Choose one of your insurance plans')])
    .nullish()
    .transform((v) => v || null),
  /** The Explanation of Benefits: one of the user's own documents. */
  eobDocumentId: attachmentId(EOB_MESSAGE),
};

type ClaimCheck = {
  amount?: number;
  covered?: number;
  patientResponsibility?: number;
  serviceDate?: string;
  submittedDate?: string;
};
const claimChecks = (c: ClaimCheck, ctx: z.RefinementCtx) => {
  if (c.amount !== undefined && c.covered !== undefined && c.covered > c.amount)
    ctx.addIssue({ code: 'custom', path: ['covered'], message: 'Covered cannot be more than the amount' });
  else if (
    c.amount !== undefined &&
    c.covered !== undefined &&
    c.patientResponsibility !== undefined &&
    c.covered + c.patientResponsibility > c.amount
  )
    ctx.addIssue({
      code: 'custom',
      path: ['patientResponsibility'],
      message: 'Covered plus your responsibility cannot be more than the amount',
    });
  if (c.serviceDate && c.submittedDate && c.submittedDate < c.serviceDate)
    ctx.addIssue({
      code: 'custom',
      path: ['submittedDate'],
      message: 'The claim cannot be submitted before the service date',
    });
};

export const ClaimCreateRequest = z
  .strictObject({ ...claimFields, status: ClaimStatus.default('pending') })
  .superRefine(claimChecks);
export type ClaimCreateRequest = z.input<typeof ClaimCreateRequest>;
export type ClaimFields = z.output<typeof ClaimCreateRequest>;

export const ClaimResponse = z.object({
  id: z.string().uuid(),
  /** Null when the claim has no number of its own (imported without one). */
  claimNumber: z.string().nullable(),
  provider: z.string(),
  serviceDate: z.string(),
  submittedDate: z.string(),
  status: ClaimStatus,
  amountCents: z.number().int(),
  coveredCents: z.number().int(),
  patientResponsibilityCents: z.number().int(),
  allowedCents: z.number().int().nullable(),
  description: z.string().nullable(),
  insurancePlanId: z.string().nullable(),
  eobDocumentId: z.string().nullable(),
  eobDocument: AttachedDocument.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClaimResponse = z.infer<typeof ClaimResponse>;
export const ClaimListResponse = z.object({ items: z.array(ClaimResponse) });
export type ClaimListResponse = z.infer<typeof ClaimListResponse>;
export const ClaimSortKey = z.enum(CLAIM_SORT_KEYS);
export type ClaimSortKey = z.infer<typeof ClaimSortKey>;

// ---- Bills and payments --------------------------------------------------------------------------

const billFields = {
  provider: required('provider'),
  amount: requiredMoney('amount'),
  insuranceCovered: optionalAmount,
  dueDate: requiredDate('due date'),
  status: BillStatus,
  category: BillCategory,
  description: optionalText(1000),
  /** The receipt: one of the user's own documents. */
  receiptDocumentId: attachmentId(RECEIPT_MESSAGE),
};

const billChecks = (b: { amount?: number; insuranceCovered?: number }, ctx: z.RefinementCtx) => {
  if (b.amount !== undefined && b.insuranceCovered !== undefined && b.insuranceCovered > b.amount)
    ctx.addIssue({
      code: 'custom',
      path: ['insuranceCovered'],
      message: 'Insurance covered cannot be more than the amount',
    });
};

export const BillCreateRequest = z
  .strictObject({ ...billFields, status: BillStatus.default('pending') })
  .superRefine(billChecks);
export type BillCreateRequest = z.input<typeof BillCreateRequest>;
export type BillFields = z.output<typeof BillCreateRequest>;

export const PaymentCreateRequest = z.strictObject({
  amount: requiredMoney('payment amount').refine((c) => c > 0, 'The payment must be more than 0'),
  paidOn: requiredDate('payment date'),
  note: optionalText(300),
});
export type PaymentCreateRequest = z.input<typeof PaymentCreateRequest>;
export type PaymentFields = z.output<typeof PaymentCreateRequest>;

export const PaymentResponse = z.object({
  id: z.string().uuid(),
  amountCents: z.number().int(),
  paidOn: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentResponse = z.infer<typeof PaymentResponse>;

export const BillResponse = z.object({
  id: z.string().uuid(),
  provider: z.string(),
  amountCents: z.number().int(),
  insuranceCoveredCents: z.number().int(),
  dueDate: z.string(),
  status: BillStatus,
  category: BillCategory,
  description: z.string().nullable(),
  /** The sum of its payments, and what is left (spec: amount − insurance covered − paid, 0 when paid). */
  paidCents: z.number().int(),
  outstandingCents: z.number().int(),
  payments: z.array(PaymentResponse),
  receiptDocumentId: z.string().nullable(),
  receiptDocument: AttachedDocument.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BillResponse = z.infer<typeof BillResponse>;
export const BillListResponse = z.object({ items: z.array(BillResponse) });
export type BillListResponse = z.infer<typeof BillListResponse>;

// ---- HSA / FSA balances and the currency ---------------------------------------------------------

export const InsuranceSettingsRequest = z.strictObject({
  currency: Currency,
  hsaBalance: optionalAmount,
  fsaBalance: optionalAmount,
  fsaExpiration: z
    .union([z.literal(''), LocalDate])
    .nullish()
    .transform((v) => v || null),
});
export type InsuranceSettingsRequest = z.input<typeof InsuranceSettingsRequest>;
export type InsuranceSettingsFields = z.output<typeof InsuranceSettingsRequest>;

export const InsuranceSettingsResponse = z.object({
  currency: Currency,
  hsaCents: z.number().int(),
  fsaCents: z.number().int(),
  fsaExpiration: z.string().nullable(),
});
export type InsuranceSettingsResponse = z.infer<typeof InsuranceSettingsResponse>;

export const InsuranceExportQuery = z.strictObject({
  year: z.coerce
    .number({ error: 'Choose a year' })
    .int('Choose a year')
    .min(1900, 'Choose a year')
    .max(2200, 'Choose a year'),
});

/** Edits send any subset; the merged record is checked again as a whole by the service. */
export const partialOf = <T extends z.ZodRawShape>(shape: T) =>
  z
    .strictObject(shape)
    .partial()
    .refine((r) => Object.values(r).some((v) => v !== undefined), { message: 'Nothing to update' });
export const PlanUpdateRequest = partialOf(planFields);
export const ClaimUpdateRequest = partialOf(claimFields);
export const BillUpdateRequest = partialOf(billFields);
export type PlanUpdateRequest = z.input<typeof PlanUpdateRequest>;
export type ClaimUpdateRequest = z.input<typeof ClaimUpdateRequest>;
export type BillUpdateRequest = z.input<typeof BillUpdateRequest>;
