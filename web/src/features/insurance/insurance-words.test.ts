import { deductibleProgress } from '@healthfolio/core/insurance/analytics';
import { formatMoney } from '@healthfolio/core/insurance/money';
import { describe, expect, it } from 'vitest';
import { claimAmount, formatMonth, paymentProblem, planYearLeft } from './insurance-words';

const usd = (cents: number) => formatMoney(cents, 'USD', 'en-US');

describe('the insurance screens’ words', () => {
  it('labels a chart month with its whole year, never as a day ("Dec 25", "Nov 26")', () => {
    expect(formatMonth('2025-12')).toBe('Dec 2025');
    expect(formatMonth('2026-11')).toBe('Nov 2026');
  });

  it('says the time left in the plan year without overstating it', () => {
    const plan = { deductibleCents: 150000, deductibleMetCents: 40000, effectiveDate: '2026-01-01' };
    expect(planYearLeft(deductibleProgress(plan, '2026-11-29'))).toBe('1 month'); // 33 days, not "2 months"
    expect(planYearLeft(deductibleProgress(plan, '2026-12-05'))).toBe('27 days');
    expect(planYearLeft(deductibleProgress(plan, '2026-12-31'))).toBe('1 day');
    expect(planYearLeft(deductibleProgress(plan, '2026-06-15'))).toBe('6 months');
  });

  it('says "not yet known" for a claim amount the plan has not decided', () => {
    expect(claimAmount(null, usd)).toBe('not yet known');
    expect(claimAmount(0, usd)).toBe('$0.00');
  });

  it('refuses a payment above what is outstanding in the form, with the amount in the currency', () => {
    expect(paymentProblem('100.00', 4599, usd)).toBe('The payment is more than the $45.99 outstanding');
    expect(paymentProblem('45.99', 4599, usd)).toBeNull();
    const eur = (cents: number) => formatMoney(cents, 'EUR', 'de-DE');
    expect(paymentProblem('50.00', 4599, eur)).toBe(`The payment is more than the ${eur(4599)} outstanding`);
    expect(eur(4599)).toMatch(/^45,99\s€$/);
  });
});
