import { billTotals } from '@healthfolio/core/insurance/bill-math';
import { Plus, Receipt } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { StatCard } from '@/components/ui/stat-card';
import { BillRow } from './bill-row';
import type { Open } from './dialog-state';
import { EmptyState } from './empty-state';
import type { BillResponse } from './insurance-api';
import { useInsuranceLocale } from './insurance-format';

export function BillsTab({ bills, open }: { bills: readonly BillResponse[]; open: Open }) {
  const { money, today } = useInsuranceLocale();
  if (bills.length === 0)
    return (
      <EmptyState
        icon={Receipt}
        title="No bills yet"
        text="Add a bill to see what you owe after insurance, what is overdue and what is due in the next 30 days."
        action={<Button onClick={() => open({ kind: 'bill' })}>Add Bill</Button>}
      />
    );
  const totals = billTotals(bills, today);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          title="Outstanding"
          value={money(totals.outstandingCents)}
          detail="After insurance and payments"
        />
        <StatCard
          title="Overdue"
          value={money(totals.overdueCents)}
          detail={`${totals.overdueCount} ${totals.overdueCount === 1 ? 'bill' : 'bills'}`}
        />
        <StatCard
          title="Due in 30 days"
          value={money(totals.dueSoonCents)}
          detail={`${totals.dueSoonCount} ${totals.dueSoonCount === 1 ? 'bill' : 'bills'}`}
        />
      </div>
      <div className="flex justify-end">
        <Button onClick={() => open({ kind: 'bill' })}>
          <Plus aria-hidden="true" /> Add Bill
        </Button>
      </div>
      <Card>
        <CardContent className="pt-2">
          <ul className="divide-y">
            {bills.map((bill) => (
              <BillRow key={bill.id} bill={bill} open={open} />
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
