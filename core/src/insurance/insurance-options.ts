/** Spec §3 enumerations, word for word. */
export const PLAN_TYPES = ['primary', 'secondary', 'dental', 'vision'] as const;
export const PLAN_STATUSES = ['active', 'inactive', 'pending'] as const;
export const CLAIM_STATUSES = ['pending', 'processing', 'approved', 'paid', 'denied'] as const;
export const BILL_STATUSES = ['paid', 'overdue', 'partial', 'pending'] as const;
/** Spec §9 claim sort keys. */
export const CLAIM_SORT_KEYS = ['serviceDate', 'submittedDate', 'amount', 'status'] as const;

/**
 * Bill categories. The spec names none; analytics needs "Prescriptions" and "Preventive Care" for
 * its year-to-date totals, the rest are the usual kinds of medical bill.
 */
export const BILL_CATEGORIES = [
  'Doctor Visits',
  'Specialist',
  'Prescriptions',
  'Preventive Care',
  'Lab Work',
  'Imaging',
  'Hospital',
  'Emergency',
  'Dental',
  'Vision',
  'Therapy',
  'Other',
] as const;

export const PRESCRIPTIONS_CATEGORY = 'Prescriptions';
export const PREVENTIVE_CATEGORY = 'Preventive Care';

/** A warning shows this many days before the FSA balance expires (use-it-or-lose-it). */
export const FSA_WARNING_DAYS = 60;

export const ONE_ACTIVE_PRIMARY_MESSAGE =
  'You already have an active primary plan. Make it inactive first, or add this plan as secondary.';

/** Spec §8: the EOB download stays visible and is disabled while a claim is pending or processing. */
export const eobDownloadable = (status: (typeof CLAIM_STATUSES)[number]) =>
  status !== 'pending' && status !== 'processing';
export const EOB_UNAVAILABLE_MESSAGE = 'The EOB is available once the claim is approved, paid or denied.';

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
