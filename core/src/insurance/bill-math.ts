import { sumCents } from './money';

/** Spec §9: the "Due in 30 days" window. */
export const DUE_SOON_DAYS = 30;
/** Spec §9: the Overview shows this many recent bills. */
export const RECENT_BILLS = 5;

export type BillLike = {
  amountCents: number;
  insuranceCoveredCents: number;
  paidCents: number;
  status: string;
  dueDate: string;
  category: string;
};

/**
 * Spec §9, with payments: what is still owed on a bill that is not paid is its amount minus what
 * insurance covered minus what has been paid on it; a paid bill owes nothing.
 */
export function outstandingCents(
  bill: Pick<BillLike, 'amountCents' | 'insuranceCoveredCents' | 'paidCents' | 'status'>,
) {
  if (bill.status === 'paid') return 0;
  return Math.max(0, bill.amountCents - bill.insuranceCoveredCents - bill.paidCents);
}

/** Days from a YYYY-MM-DD date to another (b − a). */
const dayOf = (ymd: string) => Date.parse(`${ymd}T00:00:00Z`) / 86_400_000;

/** Whole days from one date to another (b − a). */
export const daysBetween = (a: string, b: string) => dayOf(b) - dayOf(a);

export function addDays(ymd: string, days: number): string {
  return new Date((dayOf(ymd) + days) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Spec §9: overdue = status overdue, or pending, with a due date before today; a bill due in the
 * future is never overdue, whatever status was entered (issue 30). `today` is the user's calendar date
 * in their time zone (localDate(now, zone)), so a bill due "yesterday" in Tokyo is overdue there while
 * it is still due today in New York.
 */
export function isOverdue(bill: Pick<BillLike, 'status' | 'dueDate'>, today: string) {
  return (bill.status === 'overdue' || bill.status === 'pending') && bill.dueDate < today;
}

/** The status a bill shows today: "overdue" once past due, and an "overdue" not yet due shows as pending. */
export function billStatusOn(bill: Pick<BillLike, 'status' | 'dueDate'>, today: string) {
  if (isOverdue(bill, today)) return 'overdue';
  return bill.status === 'overdue' ? 'pending' : bill.status;
}

/** Not paid and due between today and 30 days from today, both included. */
export function isDueSoon(bill: Pick<BillLike, 'status' | 'dueDate'>, today: string) {
  return bill.status !== 'paid' && bill.dueDate >= today && bill.dueDate <= addDays(today, DUE_SOON_DAYS);
}

export type BillTotals = {
  outstandingCents: number;
  overdueCount: number;
  overdueCents: number;
  dueSoonCount: number;
  dueSoonCents: number;
};

export function billTotals(bills: readonly BillLike[], today: string): BillTotals {
  const overdue = bills.filter((b) => isOverdue(b, today));
  const soon = bills.filter((b) => !isOverdue(b, today) && isDueSoon(b, today));
  return {
    outstandingCents: sumCents(bills.map(outstandingCents)),
    overdueCount: overdue.length,
    overdueCents: sumCents(overdue.map(outstandingCents)),
    dueSoonCount: soon.length,
    dueSoonCents: sumCents(soon.map(outstandingCents)),
  };
}

/**
 * The status a bill takes when saved or paid: paid once nothing is left to pay (paid in full, or
 * fully covered by insurance), partial when something was paid; otherwise what the user chose.
 */
export function settledStatus(
  bill: Pick<BillLike, 'amountCents' | 'insuranceCoveredCents' | 'paidCents'>,
  chosen: string,
): string {
  if (bill.paidCents >= bill.amountCents - bill.insuranceCoveredCents) return 'paid';
  if (bill.paidCents > 0 && chosen !== 'paid') return 'partial';
  return chosen;
}

/**
 * The words for a payment above what is owed, and for a bill amount below what is already settled;
 * the amounts come formatted in the user's currency ("$45.99"), so the form and the server say the
 * same sentence.
 */
export const overpaymentMessage = (outstanding: string) =>
  `The payment is more than the ${outstanding} outstanding`;
export const amountBelowPaidMessage = (paid: string) =>
  `The amount cannot be less than insurance covered plus the ${paid} already paid`;
