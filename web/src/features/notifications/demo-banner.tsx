import { Info } from 'lucide-react';
import { Alert } from '@/components/ui/alert';

export const DEMO_BANNER_TEXT =
  'Demo mode: Showing sample alerts and reminders. Enable login to see real data.';

/** Says plainly that the cards below are samples, not the visitor's data (spec §2). */
export function DemoBanner() {
  return (
    <Alert role="status" className="flex items-start gap-2">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{DEMO_BANNER_TEXT}</p>
    </Alert>
  );
}
