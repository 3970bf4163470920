import { billStatusOn } from '@healthfolio/core/insurance/bill-math';
import { Button } from '@/components/ui/button';
import type { Open } from './dialog-state';
import type { BillResponse } from './insurance-api';
import { formatDay, useInsuranceLocale } from './insurance-format';
import { StatusBadge } from './status-badge';

/** A bill in a list: who, when due, its status (overdue as of today in the user's zone), what is left. */
export function BillRow({ bill, open }: { bill: BillResponse; open: Open }) {
  const { money, today } = useInsuranceLocale();
  const status = billStatusOn(bill, today);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {bill.provider} <StatusBadge status={status} />
        </p>
        <p className="text-sm text-muted-foreground">
          {bill.category} · due {formatDay(bill.dueDate)} · {money(bill.amountCents)}
          {bill.insuranceCoveredCents > 0 && `, insurance ${money(bill.insuranceCoveredCents)}`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <p className="text-sm">
          <span className="sr-only">Outstanding: </span>
          <span className="font-semibold tabular-nums">{money(bill.outstandingCents)}</span>
          <span className="text-muted-foreground" aria-hidden="true">
            {' '}
            outstanding
          </span>
        </p>
        <Button size="sm" variant="outline" onClick={() => open({ kind: 'billDetails', bill })}>
          View Bill
        </Button>
        {bill.outstandingCents > 0 && (
          <Button size="sm" onClick={() => open({ kind: 'pay', bill })}>
            Record Payment
          </Button>
        )}
      </div>
    </li>
  );
}
