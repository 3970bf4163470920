import {
  billsOfYear,
  categoryBreakdown,
  claimsYearToDate,
  monthlySpending,
  yearToDateTotals,
} from '@healthfolio/core/insurance/analytics';
import { ChartLine } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { BalancesCard } from './balances-card';
import { DeductibleCard } from './deductible-card';
import type { Open } from './dialog-state';
import { EmptyState } from './empty-state';
import { ExportCard } from './export-card';
import type { BillResponse, ClaimResponse, InsuranceSettingsResponse, PlanResponse } from './insurance-api';
import { formatMonth, useInsuranceLocale } from './insurance-format';
import { BillFigures, ClaimFigures } from './year-figures';

// recharts loads only when Analytics is opened.
const charts = () => import('./spending-charts');
const MonthlySpendingChart = lazy(() => charts().then((m) => ({ default: m.MonthlySpendingChart })));
const CategoryChart = lazy(() => charts().then((m) => ({ default: m.CategoryChart })));

export function AnalyticsTab({
  plans,
  claims,
  bills,
  settings,
  open,
}: {
  plans: readonly PlanResponse[];
  claims: readonly ClaimResponse[];
  bills: readonly BillResponse[];
  settings: InsuranceSettingsResponse;
  open: Open;
}) {
  const { money, axisMoney, today } = useInsuranceLocale();
  const years = [
    ...new Set(
      [...claims.map((c) => c.serviceDate), ...bills.map((b) => b.dueDate)].map((d) => Number(d.slice(0, 4))),
    ),
  ];
  const claimTotals = claimsYearToDate(claims, today);
  const claimFigures = claimTotals.count > 0 && <ClaimFigures totals={claimTotals} money={money} />;
  if (bills.length === 0)
    return (
      <div className="flex flex-col gap-6">
        <EmptyState
          icon={ChartLine}
          title={claimFigures ? 'No bills yet' : 'No spending yet'}
          text="Add your bills to see monthly spending, where the money goes and your year-to-date totals."
          action={<Button onClick={() => open({ kind: 'bill' })}>Add Bill</Button>}
        />
        {claimFigures}
        <ExportCard years={years} />
      </div>
    );
  const ytd = yearToDateTotals(bills, today);
  const months = monthlySpending(bills, today);
  const shares = categoryBreakdown(billsOfYear(bills, today));
  return (
    <div className="flex flex-col gap-6">
      <BillFigures ytd={ytd} money={money} />
      {claimFigures}
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Monthly Spending</CardTitle>
          <CardDescription>
            Each bill in the month it is due, over the 12 months up to this one or up to the last bill due
            this year
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Suspense fallback={<Spinner label="Loading the chart" />}>
            <MonthlySpendingChart months={months} money={money} axis={axisMoney} />
          </Suspense>
          {/* The chart's figures for screen readers (a table itself ignores sr-only's width). */}
          <div className="sr-only">
            <table>
              <caption>Monthly spending</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Spending</th>
                  <th scope="col">Insurance</th>
                  <th scope="col">Out of pocket</th>
                </tr>
              </thead>
              <tbody>
                {months.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{formatMonth(m.month)}</th>
                    <td>{money(m.spendingCents)}</td>
                    <td>{money(m.insuranceCents)}</td>
                    <td>{money(m.outOfPocketCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Spending by Category</CardTitle>
            <CardDescription>This year, the bills of the totals above</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <Suspense fallback={<Spinner label="Loading the chart" />}>
              <CategoryChart shares={shares} money={money} axis={axisMoney} />
            </Suspense>
            <ul className="flex flex-col gap-1 text-sm" aria-label="Category breakdown">
              {shares.map((s) => (
                <li key={s.category} className="flex justify-between gap-2">
                  <span>{s.category}</span>
                  <span className="tabular-nums">
                    {money(s.amountCents)} · {s.percentage}%
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <div className="flex flex-col gap-6">
          <DeductibleCard plans={plans} open={open} />
          <BalancesCard settings={settings} open={open} />
        </div>
      </div>
      <ExportCard years={years} />
    </div>
  );
}
