import { addDays, type BillLike, daysBetween } from './bill-math';
import { claimUndecided } from './claim-amounts';
import {
  type CLAIM_STATUSES,
  FSA_WARNING_DAYS,
  PRESCRIPTIONS_CATEGORY,
  PREVENTIVE_CATEGORY,
} from './insurance-options';
import { sumCents } from './money';
import { percentagesOf } from './percentages';

/** A month as YYYY-MM. */
const monthOf = (ymd: string) => ymd.slice(0, 7);

/** The 12 months ending with today's (in the user's zone), oldest first: ["2025-12", …, "2026-11"]. */
export function lastTwelveMonths(today: string): string[] {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  return Array.from({ length: 12 }, (_, i) => {
    const index = y * 12 + (m - 1) - (11 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

export type MonthlySpending = {
  month: string;
  spendingCents: number;
  insuranceCents: number;
  outOfPocketCents: number;
};

/**
 * The chart's 12 months: up to this month, or up to the last month of this year with a bill due when
 * that is later (a bill received now, due next month). So every bill of the year-to-date totals is on
 * the chart: the window always reaches back to January when it ends in December.
 */
export function spendingMonths(bills: readonly BillLike[], today: string): string[] {
  // YYYY-MM sorts as text: the last one is the latest month.
  const last = [monthOf(today), ...billsOfYear(bills, today).map((b) => monthOf(b.dueDate))].sort().at(-1);
  return lastTwelveMonths(`${last}-01`);
}

/**
 * Spec "monthlySpending" over the chart's 12 months (spendingMonths): a bill counts in the month it is
 * due; spending is its amount, insurance what insurance covered, out of pocket the rest.
 */
export function monthlySpending(bills: readonly BillLike[], today: string): MonthlySpending[] {
  const months = spendingMonths(bills, today);
  return months.map((month) => {
    const of = bills.filter((b) => monthOf(b.dueDate) === month);
    const spendingCents = sumCents(of.map((b) => b.amountCents));
    const insuranceCents = sumCents(of.map((b) => b.insuranceCoveredCents));
    return { month, spendingCents, insuranceCents, outOfPocketCents: spendingCents - insuranceCents };
  });
}

export type CategoryShare = { category: string; amountCents: number; percentage: number };

/** Spec "categoryBreakdown": spending by category, largest first, whole percentages adding up to 100. */
export function categoryBreakdown(bills: readonly BillLike[]): CategoryShare[] {
  const totals = new Map<string, number>();
  for (const b of bills) totals.set(b.category, (totals.get(b.category) ?? 0) + b.amountCents);
  const entries = [...totals.entries()]
    .filter(([, cents]) => cents > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const percents = percentagesOf(entries.map(([, cents]) => cents));
  return entries.map(([category, amountCents], i) => ({
    category,
    amountCents,
    percentage: percents[i] ?? 0,
  }));
}

/** The bills of today's calendar year by due date: the year-to-date totals, the breakdown, the export. */
export const billsOfYear = <T extends BillLike>(bills: readonly T[], today: string) =>
  bills.filter((b) => b.dueDate.slice(0, 4) === today.slice(0, 4));

export type YearToDate = {
  totalSpentCents: number;
  insurancePaidCents: number;
  outOfPocketCents: number;
  prescriptionsCents: number;
  preventiveCareCents: number;
};

/**
 * Spec "yearToDateTotals": the bills of today's calendar year by due date, the same bills as that
 * year's export (a bill already received counts even when it falls due later in the year).
 */
export function yearToDateTotals(bills: readonly BillLike[], today: string): YearToDate {
  const of = billsOfYear(bills, today);
  const totalSpentCents = sumCents(of.map((b) => b.amountCents));
  const insurancePaidCents = sumCents(of.map((b) => b.insuranceCoveredCents));
  const inCategory = (c: string) => sumCents(of.filter((b) => b.category === c).map((b) => b.amountCents));
  return {
    totalSpentCents,
    insurancePaidCents,
    outOfPocketCents: totalSpentCents - insurancePaidCents,
    prescriptionsCents: inCategory(PRESCRIPTIONS_CATEGORY),
    preventiveCareCents: inCategory(PREVENTIVE_CATEGORY),
  };
}

type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export type ClaimLike = {
  serviceDate: string;
  status: ClaimStatus;
  amountCents: number;
  coveredCents: number;
  patientResponsibilityCents: number;
};

export type ClaimsYearToDate = {
  count: number;
  billedCents: number;
  /** What the plans covered on approved and paid claims. */
  coveredCents: number;
  /** The patient's share of decided claims (approved, paid, denied). */
  patientCents: number;
  /** Claims not decided yet (pending, processing): how many, and what was billed for them. */
  undecidedCount: number;
  undecidedCents: number;
};

/**
 * This calendar year's claims by service date (the claims of that year's export), counted apart from
 * the bills: a bill may be the patient's share of a claim, and nothing links the two, so adding them
 * would count that money twice. Covered counts only what the plan has approved or paid.
 */
export function claimsYearToDate(claims: readonly ClaimLike[], today: string): ClaimsYearToDate {
  const of = claims.filter((c) => c.serviceDate.slice(0, 4) === today.slice(0, 4));
  const undecided = of.filter((c) => claimUndecided(c.status));
  const decided = of.filter((c) => !claimUndecided(c.status));
  return {
    count: of.length,
    billedCents: sumCents(of.map((c) => c.amountCents)),
    coveredCents: sumCents(decided.filter((c) => c.status !== 'denied').map((c) => c.coveredCents)),
    patientCents: sumCents(decided.map((c) => c.patientResponsibilityCents)),
    undecidedCount: undecided.length,
    undecidedCents: sumCents(undecided.map((c) => c.amountCents)),
  };
}

/** The same month and day in another year; 29 February becomes 28 February in a common year. */
function anniversary(effectiveDate: string, year: number): string {
  const md = effectiveDate.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}-${md === '02-29' && !leap ? '02-28' : md}`;
}

/** The plan year holding today: from the last anniversary of the effective date to the next one. */
export function planYear(effectiveDate: string, today: string): { start: string; end: string } {
  if (effectiveDate > today) {
    return { start: effectiveDate, end: anniversary(effectiveDate, Number(effectiveDate.slice(0, 4)) + 1) };
  }
  const y = Number(today.slice(0, 4));
  const start = anniversary(effectiveDate, anniversary(effectiveDate, y) <= today ? y : y - 1);
  return { start, end: anniversary(effectiveDate, Number(start.slice(0, 4)) + 1) };
}

/**
 * Whole months from a date to a later one, a part month left out (Nov 29 → Jan 1 is 1, Dec 5 → Jan 1
 * is 0): the time left to use a deductible is never overstated.
 */
export function monthsUntil(from: string, to: string): number {
  if (to <= from) return 0;
  const months =
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
    Number(to.slice(5, 7)) -
    Number(from.slice(5, 7));
  return to.slice(8) < from.slice(8) ? months - 1 : months;
}

export type DeductibleProgress = {
  currentCents: number;
  totalCents: number;
  remainingCents: number;
  percentage: number;
  /** Whole months left in the plan year (a part month not counted). */
  remainingMonths: number;
  /** Days left in the plan year: what a person reads once less than a month is left. */
  remainingDays: number;
  planYearEnd: string;
};

/** Spec "deductibleProgress": met, total and the time left in the plan year (from today). */
export function deductibleProgress(
  plan: { deductibleCents: number; deductibleMetCents: number; effectiveDate: string },
  today: string,
): DeductibleProgress {
  const { start, end } = planYear(plan.effectiveDate, today);
  const current = Math.min(plan.deductibleMetCents, plan.deductibleCents);
  const from = start > today ? start : today;
  return {
    currentCents: current,
    totalCents: plan.deductibleCents,
    remainingCents: plan.deductibleCents - current,
    percentage: plan.deductibleCents > 0 ? Math.floor((current * 100) / plan.deductibleCents) : 100,
    remainingMonths: monthsUntil(from, end),
    remainingDays: Math.max(0, daysBetween(from, end)),
    planYearEnd: end,
  };
}

/** Whether to warn about the FSA balance: money left and the expiration within 60 days (not past). */
export function fsaWarning(
  balance: { fsaCents: number; fsaExpiration: string | null },
  today: string,
): 'expiring' | 'expired' | null {
  if (!balance.fsaExpiration || balance.fsaCents <= 0) return null;
  if (balance.fsaExpiration < today) return 'expired';
  return balance.fsaExpiration <= addDays(today, FSA_WARNING_DAYS) ? 'expiring' : null;
}
