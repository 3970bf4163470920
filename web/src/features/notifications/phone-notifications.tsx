import { ChevronDown, Pill, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { GlucoseAlarms } from '@/features/alarms/glucose-alarms';
import { MedicationSetup } from '@/features/medications/medication-setup';
import { AddNotificationDialog } from './add-notification-dialog';
import { AlertsView } from './alerts-view';

/**
 * The phone's /dashboard/notifications: the compact alerts view (spec §2), and below it what the
 * desktop tabs offer besides lists, so a phone user can still add an item and set up medications.
 */
export function PhoneNotifications({ showMedication }: { showMedication: boolean }) {
  const [adding, setAdding] = useState(false);
  const [medication, setMedication] = useState(showMedication);
  const panelId = useId();
  return (
    <div className="flex flex-col gap-4">
      <Button className="self-start" onClick={() => setAdding(true)}>
        <Plus aria-hidden="true" />
        Add Notification
      </Button>
      <GlucoseAlarms />
      <AlertsView />
      <section className="flex flex-col gap-3 border-t pt-4">
        <Button
          variant="outline"
          className="justify-between"
          aria-expanded={medication}
          aria-controls={panelId}
          onClick={() => setMedication((open) => !open)}
        >
          <span className="inline-flex items-center gap-2">
            <Pill aria-hidden="true" />
            Medication Setup
          </span>
          <ChevronDown aria-hidden="true" className={medication ? 'rotate-180' : undefined} />
        </Button>
        <div id={panelId} hidden={!medication}>
          {medication && <MedicationSetup />}
        </div>
      </section>
      {adding && <AddNotificationDialog defaultType="notification" onClose={() => setAdding(false)} />}
    </div>
  );
}
