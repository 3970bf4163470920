import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api';
import { BalancesDialog } from './balances-dialog';
import { BillDialog } from './bill-dialog';
import { ClaimDialog } from './claim-dialog';
import { BillDetailsDialog, ClaimDetailsDialog } from './details-dialogs';
import type { Open, OpenDialog } from './dialog-state';
import type { InsuranceSettingsResponse, PlanResponse } from './insurance-api';
import { useRemove } from './insurance-api';
import { PaymentDialog } from './payment-dialog';
import { PlanDialog } from './plan-dialog';

/** The insurance page's one open dialog. */
export function InsuranceDialogs({
  dialog,
  plans,
  settings,
  open,
  close,
}: {
  dialog: OpenDialog | null;
  plans: readonly PlanResponse[];
  settings: InsuranceSettingsResponse;
  open: Open;
  close: () => void;
}) {
  const removePlan = useRemove('plans');
  const removeClaim = useRemove('claims');
  const removeBill = useRemove('bills');
  if (!dialog) return null;
  const remove = (mutation: typeof removePlan, id: string, done: string, failed: string) =>
    mutation.mutate(id, {
      onSuccess: () => {
        close();
        toast.success(done);
      },
      onError: (e) => toast.error(failed, { description: errorMessage(e, 'Please try again.') }),
    });
  switch (dialog.kind) {
    case 'plan':
      return <PlanDialog plan={dialog.plan} plans={plans} onClose={close} />;
    case 'claim':
      return <ClaimDialog claim={dialog.claim} plans={plans} onClose={close} />;
    case 'bill':
      return <BillDialog bill={dialog.bill} onClose={close} />;
    case 'pay':
      return <PaymentDialog bill={dialog.bill} onClose={close} />;
    case 'balances':
      return <BalancesDialog settings={settings} onClose={close} />;
    case 'claimDetails':
      return <ClaimDetailsDialog claim={dialog.claim} plans={plans} open={open} onClose={close} />;
    case 'billDetails':
      return <BillDetailsDialog bill={dialog.bill} open={open} onClose={close} />;
    case 'removePlan':
      return (
        <ConfirmDialog
          title="Remove this provider?"
          description={`${dialog.plan.name} is removed. Its claims stay, without a plan.`}
          confirmLabel="Remove"
          pending={removePlan.isPending}
          onConfirm={() =>
            remove(removePlan, dialog.plan.id, 'Provider Removed', 'Could not remove the provider')
          }
          onClose={close}
        />
      );
    case 'removeClaim':
      return (
        <ConfirmDialog
          title="Delete this claim?"
          description={`${dialog.claim.claimNumber === null ? 'The claim' : `Claim ${dialog.claim.claimNumber}`} from ${dialog.claim.provider} is removed for good.`}
          confirmLabel="Delete"
          pending={removeClaim.isPending}
          onConfirm={() =>
            remove(removeClaim, dialog.claim.id, 'Claim deleted', 'Could not delete the claim')
          }
          onClose={close}
        />
      );
    case 'removeBill':
      return (
        <ConfirmDialog
          title="Delete this bill?"
          description={`The bill from ${dialog.bill.provider} and its payments are removed for good.`}
          confirmLabel="Delete"
          pending={removeBill.isPending}
          onConfirm={() => remove(removeBill, dialog.bill.id, 'Bill deleted', 'Could not delete the bill')}
          onClose={close}
        />
      );
  }
}
