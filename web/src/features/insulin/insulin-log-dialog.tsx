import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { QueryState } from '@/features/diabetes/glucose-ui';
import { InsulinCalculator } from './insulin-calculator';
import { useInsulinSettings } from './use-insulin-settings';

/** The calculator's log flow in a dialog, for the home screen's Log Insulin card. */
export function InsulinLogDialog({ onClose }: { onClose: () => void }) {
  const { query, settings, dosing } = useInsulinSettings();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Log Insulin</DialogTitle>
          <DialogDescription>
            The dose from your saved insulin settings; adjust them on the Insulin Calculator.
          </DialogDescription>
        </DialogHeader>
        <QueryState query={query} what="your insulin settings">
          <InsulinCalculator settings={settings} dosing={dosing} onLogged={onClose} />
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}
