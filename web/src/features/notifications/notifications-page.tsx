import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { MedicationSetup } from '@/features/medications/medication-setup';
import { useIsMobile } from '@/lib/use-is-mobile';
import { AlertsView } from './alerts-view';
import { NotificationTabPanel } from './notification-tab-panel';

const TABS = [
  { value: 'all', label: 'All' },
  { value: 'notes', label: 'Notes' },
  { value: 'actions', label: 'Actions' },
  { value: 'reminders', label: 'Reminders' },
] as const;

/** Spec §2: the full screen on desktop; the compact alerts view on a phone. */
export function NotificationsPage() {
  return useIsMobile() ? <AlertsView /> : <NotificationsScreen />;
}

function NotificationsScreen() {
  return (
    <Tabs defaultValue="all">
      <TabsList aria-label="Notification types">
        {TABS.map((t) => (
          <TabsTrigger key={t.value} value={t.value}>
            {t.label}
          </TabsTrigger>
        ))}
        <TabsTrigger value="medication">Medication Setup</TabsTrigger>
      </TabsList>
      {TABS.map((t) => (
        <TabsContent key={t.value} value={t.value}>
          <NotificationTabPanel tab={t.value} />
        </TabsContent>
      ))}
      <TabsContent value="medication">
        <MedicationSetup />
      </TabsContent>
    </Tabs>
  );
}
