import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDate } from '../units/local-time';
import {
  categoryBreakdown,
  claimsYearToDate,
  deductibleProgress,
  fsaWarning,
  lastTwelveMonths,
  monthlySpending,
  monthsUntil,
  yearToDateTotals,
} from './analytics';
import {
  type BillLike,
  billStatusOn,
  billTotals,
  isDueSoon,
  isOverdue,
  outstandingCents,
  settledStatus,
} from './bill-math';
import { claimShares } from './claim-amounts';
import { percentagesOf } from './percentages';

const bill = (over: Partial<BillLike>): BillLike => ({
  amountCents: 10000,
  insuranceCoveredCents: 0,
  paidCents: 0,
  status: 'pending',
  dueDate: '2026-11-24',
  category: 'Doctor Visits',
  ...over,
});

describe('bills', () => {
  it('outstanding is amount − insurance covered − paid, and nothing once paid', () => {
    expect(outstandingCents(bill({ amountCents: 25000, insuranceCoveredCents: 20000 }))).toBe(5000);
    expect(
      outstandingCents(bill({ amountCents: 25000, insuranceCoveredCents: 20000, paidCents: 2000 })),
    ).toBe(3000);
    expect(outstandingCents(bill({ amountCents: 25000, status: 'paid' }))).toBe(0);
  });

  it('is overdue when marked so, or pending with a due date before today in the user’s zone', () => {
    // 2026-11-24 23:30 in New York is already 2026-11-25 in Tokyo.
    const now = '2026-11-25T04:30:00Z';
    const due = bill({ dueDate: '2026-11-24' });
    expect(isOverdue(due, localDate(now, 'America/New_York'))).toBe(false);
    expect(isOverdue(due, localDate(now, 'Asia/Tokyo'))).toBe(true);
    // Due in the future: never overdue, even when entered as overdue; it shows as pending.
    expect(isOverdue(bill({ status: 'overdue', dueDate: '2030-01-01' }), '2026-11-24')).toBe(false);
    expect(billStatusOn(bill({ status: 'overdue', dueDate: '2030-01-01' }), '2026-11-24')).toBe('pending');
    expect(isOverdue(bill({ status: 'overdue', dueDate: '2026-11-23' }), '2026-11-24')).toBe(true);
    expect(billStatusOn(bill({ status: 'pending', dueDate: '2026-11-23' }), '2026-11-24')).toBe('overdue');
    expect(billStatusOn(bill({ status: 'partial', dueDate: '2030-01-01' }), '2026-11-24')).toBe('partial');
    expect(isOverdue(bill({ status: 'partial', dueDate: '2026-01-01' }), '2026-11-24')).toBe(false);
    expect(isOverdue(bill({ status: 'paid', dueDate: '2026-01-01' }), '2026-11-24')).toBe(false);
  });

  it('is due soon from today to 30 days ahead, both included, unless paid', () => {
    const today = '2026-11-24';
    expect(isDueSoon(bill({ dueDate: today }), today)).toBe(true);
    expect(isDueSoon(bill({ dueDate: '2026-12-24' }), today)).toBe(true);
    expect(isDueSoon(bill({ dueDate: '2026-12-25' }), today)).toBe(false);
    expect(isDueSoon(bill({ dueDate: '2026-11-23' }), today)).toBe(false);
    expect(isDueSoon(bill({ dueDate: '2026-12-01', status: 'paid' }), today)).toBe(false);
    const totals = billTotals(
      [
        bill({ dueDate: '2026-12-01', amountCents: 10010 }),
        bill({ dueDate: '2026-12-10', amountCents: 20020, paidCents: 20 }),
        bill({ dueDate: '2026-11-01', amountCents: 500 }),
      ],
      today,
    );
    expect(totals).toEqual({
      outstandingCents: 30510,
      overdueCount: 1,
      overdueCents: 500,
      dueSoonCount: 2,
      dueSoonCents: 30010,
    });
  });

  it('becomes paid once nothing is left to pay, partial while something is', () => {
    const b = { amountCents: 10000, insuranceCoveredCents: 4000 };
    expect(settledStatus({ ...b, paidCents: 6000 }, 'pending')).toBe('paid');
    expect(settledStatus({ ...b, paidCents: 1000 }, 'overdue')).toBe('partial');
    expect(settledStatus({ ...b, paidCents: 0 }, 'overdue')).toBe('overdue');
    // Nothing left to pay once insurance covered it all.
    expect(settledStatus({ amountCents: 15000, insuranceCoveredCents: 15000, paidCents: 0 }, 'pending')).toBe(
      'paid',
    );
  });
});

describe('percentages', () => {
  it('three equal parts are 34, 33, 33', () => {
    expect(percentagesOf([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentagesOf([0, 0])).toEqual([0, 0]);
  });

  it('always add up to exactly 100 and each is within one point of its share (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 9_999_999_999 }), { minLength: 1, maxLength: 12 }),
        (parts) => {
          const p = percentagesOf(parts);
          expect(p.reduce((a, b) => a + b, 0)).toBe(100);
          const total = parts.reduce((a, b) => a + b, 0);
          for (const [i, part] of parts.entries())
            expect(Math.abs((p[i] as number) - (part * 100) / total)).toBeLessThan(1);
        },
      ),
    );
  });

  it('a category breakdown adds up to 100 and its amounts to the total spent', () => {
    const bills = [
      bill({ category: 'Prescriptions', amountCents: 10010 }),
      bill({ category: 'Lab Work', amountCents: 20020 }),
      bill({ category: 'Prescriptions', amountCents: 5 }),
    ];
    const shares = categoryBreakdown(bills);
    expect(shares).toEqual([
      { category: 'Lab Work', amountCents: 20020, percentage: 67 },
      { category: 'Prescriptions', amountCents: 10015, percentage: 33 },
    ]);
  });
});

describe('spending analytics', () => {
  it('has the last 12 months, oldest first, across a year boundary', () => {
    const months = lastTwelveMonths('2026-02-10');
    expect(months[0]).toBe('2025-03');
    expect(months[11]).toBe('2026-02');
    expect(months).toHaveLength(12);
  });

  it('puts each bill in the month it is due, with insurance and out of pocket', () => {
    const rows = monthlySpending(
      [
        bill({ dueDate: '2026-11-02', amountCents: 10010, insuranceCoveredCents: 8000 }),
        bill({ dueDate: '2026-11-30', amountCents: 20020 }),
        bill({ dueDate: '2025-11-30', amountCents: 999 }), // 13 months ago: outside
      ],
      '2026-11-24',
    );
    expect(rows.at(-1)).toEqual({
      month: '2026-11',
      spendingCents: 30030,
      insuranceCents: 8000,
      outOfPocketCents: 22030,
    });
    expect(rows.reduce((a, r) => a + r.spendingCents, 0)).toBe(30030);
  });

  it('runs the chart to the last bill due this year, so it holds every bill of the totals', () => {
    // The walk's bills: Nov 20, and Dec 1, 10 and 15 (received now, due next month).
    const bills = [
      bill({ dueDate: '2026-11-20', amountCents: 4599 }),
      bill({ dueDate: '2026-12-01', amountCents: 8010, insuranceCoveredCents: 8010 }),
      bill({ dueDate: '2026-12-10', amountCents: 12000, insuranceCoveredCents: 10000 }),
      bill({ dueDate: '2026-12-15', amountCents: 30000 }),
      bill({ dueDate: '2027-01-05', amountCents: 7 }), // next year: in neither
    ];
    const today = '2026-11-29';
    const rows = monthlySpending(bills, today);
    expect(rows.map((r) => r.month)).toEqual(lastTwelveMonths('2026-12-01'));
    expect(rows.at(-1)).toEqual({
      month: '2026-12',
      spendingCents: 50010,
      insuranceCents: 18010,
      outOfPocketCents: 32000,
    });
    const ytd = yearToDateTotals(bills, today);
    expect(rows.reduce((a, r) => a + r.spendingCents, 0)).toBe(ytd.totalSpentCents);
    expect(rows.reduce((a, r) => a + r.insuranceCents, 0)).toBe(ytd.insurancePaidCents);
    // Nothing due later this year: the 12 months end with this one.
    expect(monthlySpending([bill({ dueDate: '2026-03-01' })], today).at(-1)?.month).toBe('2026-11');
  });

  it('counts this year’s claims apart: billed, covered once decided, the patient’s share', () => {
    const claim = (over: Partial<Parameters<typeof claimsYearToDate>[0][number]>) => ({
      serviceDate: '2026-10-01',
      status: 'paid' as const,
      amountCents: 120000,
      coveredCents: 90000,
      patientResponsibilityCents: 10000,
      ...over,
    });
    const claims = [
      claim({}), // CLM-1001: paid
      claim({ status: 'pending', amountCents: 45000, coveredCents: 0, patientResponsibilityCents: 0 }),
      claim({ status: 'approved', amountCents: 10010, coveredCents: 8008, patientResponsibilityCents: 2002 }),
      claim({ status: 'denied', amountCents: 5000, coveredCents: 0, patientResponsibilityCents: 5000 }),
      claim({ serviceDate: '2025-12-31' }), // last year
    ];
    expect(claimsYearToDate(claims, '2026-11-29')).toEqual({
      count: 4,
      billedCents: 180010,
      coveredCents: 98008,
      patientCents: 17002,
      undecidedCount: 1,
      undecidedCents: 45000,
    });
  });

  it('a claim not yet decided has its blank amounts not known, never $0.00', () => {
    const pending = { status: 'pending' as const, coveredCents: 0, patientResponsibilityCents: 0 };
    expect(claimShares(pending)).toEqual({ coveredCents: null, patientResponsibilityCents: null });
    expect(claimShares({ ...pending, status: 'processing', coveredCents: 36000 })).toEqual({
      coveredCents: 36000, // an estimate entered: shown
      patientResponsibilityCents: null,
    });
    expect(claimShares({ ...pending, status: 'denied', patientResponsibilityCents: 45000 })).toEqual({
      coveredCents: 0, // decided: the plan covered nothing
      patientResponsibilityCents: 45000,
    });
  });

  it('totals this year’s bills, with prescriptions and preventive care', () => {
    const ytd = yearToDateTotals(
      [
        bill({
          dueDate: '2026-01-01',
          amountCents: 10010,
          insuranceCoveredCents: 10,
          category: 'Prescriptions',
        }),
        bill({ dueDate: '2026-06-01', amountCents: 20020, category: 'Preventive Care' }),
        bill({ dueDate: '2025-12-31', amountCents: 7 }),
        bill({ dueDate: '2027-01-01', amountCents: 7 }),
      ],
      '2026-11-24',
    );
    expect(ytd).toEqual({
      totalSpentCents: 30030,
      insurancePaidCents: 10,
      outOfPocketCents: 30020,
      prescriptionsCents: 10010,
      preventiveCareCents: 20020,
    });
  });

  it('gives deductible progress with the months left in the plan year', () => {
    const plan = { deductibleCents: 150000, deductibleMetCents: 45050, effectiveDate: '2024-01-01' };
    expect(deductibleProgress(plan, '2026-11-24')).toEqual({
      currentCents: 45050,
      totalCents: 150000,
      remainingCents: 104950,
      percentage: 30,
      remainingMonths: 1, // 38 days: one whole month, never "2 months"
      remainingDays: 38,
      planYearEnd: '2027-01-01',
    });
    // The walk: Nov 29 to Jan 1 is 33 days, one whole month.
    expect(deductibleProgress(plan, '2026-11-29')).toMatchObject({ remainingMonths: 1, remainingDays: 33 });
    expect(deductibleProgress(plan, '2026-12-05')).toMatchObject({ remainingMonths: 0, remainingDays: 27 });
    // A plan year that starts mid-year: July to July.
    expect(deductibleProgress({ ...plan, effectiveDate: '2025-07-01' }, '2026-11-24').remainingMonths).toBe(
      7,
    );
    expect(monthsUntil('2026-11-01', '2027-01-01')).toBe(2);
    expect(monthsUntil('2026-11-24', '2027-01-25')).toBe(2);
    expect(monthsUntil('2026-11-24', '2027-01-24')).toBe(2);
    expect(monthsUntil('2026-11-24', '2027-01-23')).toBe(1);
  });

  it('warns about an FSA balance in the 60 days before it expires', () => {
    const today = '2026-11-24';
    expect(fsaWarning({ fsaCents: 100, fsaExpiration: '2026-12-31' }, today)).toBe('expiring');
    expect(fsaWarning({ fsaCents: 100, fsaExpiration: '2027-03-31' }, today)).toBeNull();
    expect(fsaWarning({ fsaCents: 0, fsaExpiration: '2026-12-31' }, today)).toBeNull();
    expect(fsaWarning({ fsaCents: 100, fsaExpiration: '2026-11-23' }, today)).toBe('expired');
  });
});
