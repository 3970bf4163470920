import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { QueryState } from '@/features/diabetes/glucose-ui';
import { useWhose } from '@/features/household/whose';
import { InsulinCalculator } from './insulin-calculator';
import { InsulinSettingsCard } from './insulin-settings-card';
import { useInsulinSettings } from './use-insulin-settings';

/** The calculator's log flow in a dialog, for the home screen's Log Insulin card. */
export function InsulinLogDialog({ onClose }: { onClose: () => void }) {
  const { query, saved, stored, savedAt } = useInsulinSettings();
  const w = useWhose();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Log Insulin</DialogTitle>
          <DialogDescription>
            {saved
              ? `The dose from ${w.your} saved insulin settings; adjust them on the Insulin Calculator.`
              : `No dose is suggested until you save ${w.name ? w.your : 'your own'} insulin settings.`}
          </DialogDescription>
        </DialogHeader>
        <QueryState query={query} what={`${w.your} insulin settings`}>
          {saved ? (
            <InsulinCalculator settings={saved} onLogged={onClose} />
          ) : (
            <InsulinSettingsCard stored={stored} saved={false} savedAt={savedAt} />
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}
