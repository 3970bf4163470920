import { billTotals, RECENT_BILLS } from '@healthfolio/core/insurance/bill-math';
import { CalendarClock, CircleAlert, FileCheck, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatCard } from '@/components/ui/stat-card';
import { BalancesCard } from './balances-card';
import { BillRow } from './bill-row';
import { DeductibleCard } from './deductible-card';
import type { Open } from './dialog-state';
import { EmptyState } from './empty-state';
import type { BillResponse, ClaimResponse, InsuranceSettingsResponse, PlanResponse } from './insurance-api';
import { useInsuranceLocale } from './insurance-format';

const icon = (Icon: typeof ShieldCheck) => (
  <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
);

export function OverviewTab({
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
  const { money, today } = useInsuranceLocale();
  if (plans.length === 0 && claims.length === 0 && bills.length === 0)
    return (
      <EmptyState
        icon={ShieldCheck}
        title="No insurance records yet"
        text="Add your insurance plan to follow your deductible, then your claims and bills: what is covered, what you owe and when it is due."
        action={<Button onClick={() => open({ kind: 'plan' })}>Add Insurance</Button>}
      />
    );
  const totals = billTotals(bills, today);
  const open_ = claims.filter((c) => c.status === 'pending' || c.status === 'processing');
  const active = plans.filter((p) => p.status === 'active');
  const recent = [...bills].sort((a, b) => b.dueDate.localeCompare(a.dueDate)).slice(0, RECENT_BILLS);
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Active Plans"
          icon={icon(ShieldCheck)}
          value={active.length}
          detail={`${plans.length} ${plans.length === 1 ? 'plan' : 'plans'} in all`}
        />
        <StatCard
          title="Open Claims"
          icon={icon(FileCheck)}
          value={open_.length}
          detail={`${money(open_.reduce((s, c) => s + c.amountCents, 0))} pending or processing`}
        />
        <StatCard
          title="Outstanding"
          icon={icon(CircleAlert)}
          value={money(totals.outstandingCents)}
          detail={
            totals.overdueCount
              ? `${totals.overdueCount} overdue (${money(totals.overdueCents)})`
              : 'Nothing overdue'
          }
        />
        <StatCard
          title="Due in 30 days"
          icon={icon(CalendarClock)}
          value={money(totals.dueSoonCents)}
          detail={`${totals.dueSoonCount} ${totals.dueSoonCount === 1 ? 'bill' : 'bills'}`}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <Card>
          <CardHeader className="flex-row items-center justify-between gap-2">
            <CardTitle className="text-base">Recent Bills</CardTitle>
            <Button size="sm" variant="outline" onClick={() => open({ kind: 'bill' })}>
              Add Bill
            </Button>
          </CardHeader>
          <CardContent>
            {recent.length ? (
              <ul className="divide-y">
                {recent.map((bill) => (
                  <BillRow key={bill.id} bill={bill} open={open} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No bills yet. Add one to see what you owe.</p>
            )}
          </CardContent>
        </Card>
        <div className="flex flex-col gap-6">
          <DeductibleCard plans={plans} open={open} />
          <BalancesCard settings={settings} open={open} />
        </div>
      </div>
    </div>
  );
}
