import type { NotificationTab } from '@healthfolio/core';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { GlucoseAlarms } from '@/features/alarms/glucose-alarms';
import { useIsMobile } from '@/lib/use-is-mobile';
import type { AddableType } from './add-notification-dialog';
import { NotificationTabPanel } from './notification-tab-panel';
import { useUnreadCounts } from './notifications-api';
import { UnreadBadge } from './unread-badge';

// The add dialog (and its form library) loads when opened; Medication Setup when its tab is shown.
const AddNotificationDialog = lazy(async () => ({
  default: (await import('./add-notification-dialog')).AddNotificationDialog,
}));
// A phone gets the compact view, loaded only there.
const PhoneNotifications = lazy(async () => ({
  default: (await import('./phone-notifications')).PhoneNotifications,
}));
const MedicationSetup = lazy(async () => ({
  default: (await import('@/features/medications/medication-setup')).MedicationSetup,
}));

const TABS = [
  { value: 'all', label: 'All' },
  { value: 'notes', label: 'Notes' },
  { value: 'actions', label: 'Actions' },
  { value: 'reminders', label: 'Reminders' },
] as const;

type TabValue = NotificationTab | 'medication';

// The dialog starts on the kind of item the open tab lists; the user can still change it.
const DEFAULT_TYPE: Record<TabValue, AddableType> = {
  all: 'notification',
  notes: 'note',
  actions: 'notification',
  reminders: 'reminder',
  medication: 'reminder',
};

const isTab = (v: string | null): v is TabValue => v !== null && Object.hasOwn(DEFAULT_TYPE, v);

/**
 * Spec §2: the full screen on desktop; the compact alerts view on a phone. `?tab=medication` opens
 * Medication Setup (the dashboard's medications card links there).
 */
export function NotificationsPage() {
  const [params] = useSearchParams();
  const requested = params.get('tab');
  const initial = isTab(requested) ? requested : 'all';
  return useIsMobile() ? (
    <Suspense fallback={<Spinner label="Loading notifications" />}>
      <PhoneNotifications showMedication={initial === 'medication'} />
    </Suspense>
  ) : (
    <NotificationsScreen initial={initial} />
  );
}

function NotificationsScreen({ initial }: { initial: TabValue }) {
  const [tab, setTab] = useState<TabValue>(initial);
  const [adding, setAdding] = useState(false);
  const counts = useUnreadCounts();
  return (
    <div className="flex flex-col gap-4">
      <GlucoseAlarms />
      {/* Above the tabs, so the add button is there on every tab, Medication Setup included. */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Notes, tasks and reminders, newest first. New ones appear here as they arrive.
        </p>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Notification
        </Button>
      </div>
      <Tabs value={tab} onValueChange={(v) => setTab(v as TabValue)}>
        <TabsList aria-label="Notification types">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value} className="gap-1.5">
              {t.label} <UnreadBadge count={counts.data?.[t.value]} />
            </TabsTrigger>
          ))}
          <TabsTrigger value="medication">Medication Setup</TabsTrigger>
        </TabsList>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            {/* The cards are h3s under the page's h1; the open tab is the level between. */}
            <h2 className="sr-only">{t.label}</h2>
            <NotificationTabPanel tab={t.value} />
          </TabsContent>
        ))}
        <TabsContent value="medication">
          <Suspense fallback={<Spinner label="Loading medications" />}>
            <MedicationSetup />
          </Suspense>
        </TabsContent>
      </Tabs>
      {adding && (
        <Suspense fallback={null}>
          <AddNotificationDialog defaultType={DEFAULT_TYPE[tab]} onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </div>
  );
}
