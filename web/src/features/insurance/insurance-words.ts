import type { DeductibleProgress } from '@healthfolio/core/insurance/analytics';
import { overpaymentMessage } from '@healthfolio/core/insurance/bill-math';
import { parseMoney } from '@healthfolio/core/insurance/money';
import { countOf } from '@healthfolio/core/text/count-words';

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "2026-11" → "Nov 2026": a month with its whole year, never "Nov 26", which reads as a day. */
export const formatMonth = (ym: string) => monthFormat.format(new Date(`${ym}-01T00:00:00Z`));

/** The time left in the plan year: whole months, or the days once less than a month is left. */
export const planYearLeft = (d: Pick<DeductibleProgress, 'remainingMonths' | 'remainingDays'>) =>
  d.remainingMonths >= 1 ? countOf(d.remainingMonths, 'month') : countOf(d.remainingDays, 'day');

/** A claim's covered amount or the patient's share: the amount, or "not yet known" (claimShares). */
export const claimAmount = (cents: number | null, money: (c: number) => string) =>
  cents === null ? 'not yet known' : money(cents);

/**
 * The payment form's own check, before anything is sent: a payment above what is outstanding, said
 * in the user's currency ("The payment is more than the $45.99 outstanding"). `amount` is the form's
 * canonical decimal ("100.00").
 */
export function paymentProblem(amount: string, outstandingCents: number, money: (c: number) => string) {
  const cents = parseMoney(amount);
  return cents !== null && cents > outstandingCents ? overpaymentMessage(money(outstandingCents)) : null;
}
