import { type DoseCheck, doseAboveMaximumMessage } from '@healthfolio/core/glucose/dosing-guards';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useWhose } from '@/features/household/whose';

/**
 * "High Dose Alert" before logging above the alert's threshold (two thirds of the user's maximum): an
 * explicit confirmation. Above the maximum there is nothing to confirm: the server refuses it, and the
 * dialog says why.
 */
export function HighDoseDialog({
  units,
  check,
  pending,
  onConfirm,
  onClose,
}: {
  units: number;
  check: Exclude<DoseCheck, { kind: 'ok' }>;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const above = check.kind === 'above_maximum';
  const w = useWhose();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>High Dose Alert</DialogTitle>
          <DialogDescription>
            {above
              ? doseAboveMaximumMessage(check.maximum, w)
              : w.name
                ? `You are about to log ${units.toFixed(1)} units for ${w.name}, more than ${check.alertAbove} units. Double-check ${w.your} glucose, carbs and settings before it is given.`
                : `You are about to log ${units.toFixed(1)} units, more than ${check.alertAbove} units. Double-check your glucose, carbs and settings before you take it.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Go back
          </Button>
          {!above && (
            <Button variant="destructive" disabled={pending} onClick={onConfirm}>
              {`Yes, log ${units.toFixed(1)} units`}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
