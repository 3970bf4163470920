import { billStatusOn } from '@healthfolio/core/insurance/bill-math';
import { claimShares } from '@healthfolio/core/insurance/claim-amounts';
import { EOB_UNAVAILABLE_MESSAGE, eobDownloadable } from '@healthfolio/core/insurance/insurance-options';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { AttachmentPanel } from './attachment-panel';
import type { Open } from './dialog-state';
import {
  type BillResponse,
  type ClaimResponse,
  type PlanResponse,
  useSaveBill,
  useSaveClaim,
} from './insurance-api';
import { capitalize, formatDay, useInsuranceLocale } from './insurance-format';
import { claimAmount } from './insurance-words';
import { StatusBadge } from './status-badge';

function Details({
  title,
  description,
  rows,
  children,
  actions,
  onClose,
}: {
  title: string;
  description: string;
  rows: [string, ReactNode][];
  children?: ReactNode;
  actions: ReactNode;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {children}
        <DialogFooter className="gap-2">{actions}</DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** "View Claim Details": the real claim, with edit and delete. */
export function ClaimDetailsDialog({
  claim,
  plans,
  open,
  onClose,
}: {
  claim: ClaimResponse;
  plans: readonly PlanResponse[];
  open: Open;
  onClose: () => void;
}) {
  const { money } = useInsuranceLocale();
  const save = useSaveClaim();
  const plan = plans.find((p) => p.id === claim.insurancePlanId);
  const shares = claimShares(claim);
  return (
    <Details
      title={claim.claimNumber === null ? 'Claim' : `Claim ${claim.claimNumber}`}
      description={claim.provider}
      rows={[
        ['Status', <StatusBadge key="s" status={claim.status} />],
        ['Service date', formatDay(claim.serviceDate)],
        ['Submitted date', formatDay(claim.submittedDate)],
        ['Insurance provider', plan?.name ?? 'Not specified'],
        ['Amount', money(claim.amountCents)],
        ['Allowed by the plan', claim.allowedCents === null ? '—' : money(claim.allowedCents)],
        ['Covered', capitalize(claimAmount(shares.coveredCents, money))],
        ['Patient responsibility', capitalize(claimAmount(shares.patientResponsibilityCents, money))],
        ['Description', claim.description ?? '—'],
      ]}
      onClose={onClose}
      actions={
        <>
          <Button variant="outline" onClick={() => open({ kind: 'removeClaim', claim })}>
            Delete
          </Button>
          <Button onClick={() => open({ kind: 'claim', claim })}>Edit Claim</Button>
        </>
      }
    >
      <AttachmentPanel
        name="EOB"
        attached={claim.eobDocument}
        blocked={eobDownloadable(claim.status) ? null : EOB_UNAVAILABLE_MESSAGE}
        onAttach={async (eobDocumentId) => {
          const updated = await save.mutateAsync({ id: claim.id, body: { eobDocumentId } });
          open({ kind: 'claimDetails', claim: updated });
        }}
      />
    </Details>
  );
}

/** "View Bill": the bill with its payments. */
export function BillDetailsDialog({
  bill,
  open,
  onClose,
}: {
  bill: BillResponse;
  open: Open;
  onClose: () => void;
}) {
  const { money, today } = useInsuranceLocale();
  const save = useSaveBill();
  return (
    <Details
      title={bill.provider}
      description={`${bill.category} bill due ${formatDay(bill.dueDate)}`}
      rows={[
        ['Status', <StatusBadge key="s" status={billStatusOn(bill, today)} />],
        ['Amount', money(bill.amountCents)],
        ['Insurance covered', money(bill.insuranceCoveredCents)],
        ['Paid', money(bill.paidCents)],
        ['Outstanding', money(bill.outstandingCents)],
        ['Description', bill.description ?? '—'],
      ]}
      onClose={onClose}
      actions={
        <>
          <Button variant="outline" onClick={() => open({ kind: 'removeBill', bill })}>
            Delete
          </Button>
          <Button variant="outline" onClick={() => open({ kind: 'bill', bill })}>
            Edit Bill
          </Button>
          {bill.outstandingCents > 0 && (
            <Button onClick={() => open({ kind: 'pay', bill })}>Record Payment</Button>
          )}
        </>
      }
    >
      <section aria-label="Payments" className="flex flex-col gap-2 text-sm">
        <h3 className="font-semibold">Payments</h3>
        {bill.payments.length ? (
          <ul className="divide-y">
            {bill.payments.map((p) => (
              <li key={p.id} className="flex justify-between gap-2 py-1.5">
                <span>
                  {formatDay(p.paidOn)}
                  {p.note && <span className="text-muted-foreground"> · {p.note}</span>}
                </span>
                <span className="tabular-nums">{money(p.amountCents)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">No payments recorded.</p>
        )}
      </section>
      <AttachmentPanel
        name="Receipt"
        attached={bill.receiptDocument}
        onAttach={async (receiptDocumentId) => {
          const updated = await save.mutateAsync({ id: bill.id, body: { receiptDocumentId } });
          open({ kind: 'billDetails', bill: updated });
        }}
      />
    </Details>
  );
}
