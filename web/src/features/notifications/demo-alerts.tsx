import type { NotificationTab } from '@healthfolio/core';
import { useState } from 'react';
import { AlertTabs } from './alert-tabs';
import { DemoBanner } from './demo-banner';
import { NotificationCard } from './notification-card';
import { samplesFor, sampleUnreadCounts } from './sample-alerts';

const COUNTS = sampleUnreadCounts();

/**
 * The banner and the built-in samples in the four tabs, for signed-out visitors only. The cards have
 * no actions: nothing here talks to the server.
 */
export function DemoAlerts({ timeZone }: { timeZone: string }) {
  const [tab, setTab] = useState<NotificationTab>('all');
  return (
    <div className="flex flex-col gap-4">
      <DemoBanner />
      <AlertTabs value={tab} onValueChange={setTab} counts={COUNTS}>
        <ul className="flex flex-col gap-3" aria-label="Sample alerts">
          {samplesFor(tab).map((item) => (
            <li key={item.id}>
              <NotificationCard item={item} timeZone={timeZone} compact />
            </li>
          ))}
        </ul>
      </AlertTabs>
    </div>
  );
}
