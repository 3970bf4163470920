import type { NotificationTab } from '@healthfolio/core';
import { type ReactNode, useState } from 'react';
import { AlertTabs } from './alert-tabs';
import { DemoBanner } from './demo-banner';
import { NotificationCard } from './notification-card';
import { samplesFor, sampleUnreadCounts } from './sample-alerts';

const COUNTS = sampleUnreadCounts();

/**
 * The banner and the built-in samples in the four tabs. The cards have no actions: nothing here
 * talks to the server. `notice` says why the samples show (a failed load) with a way to retry.
 */
export function DemoAlerts({ timeZone, notice }: { timeZone: string; notice?: ReactNode }) {
  const [tab, setTab] = useState<NotificationTab>('all');
  return (
    <div className="flex flex-col gap-4">
      <DemoBanner />
      {notice}
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
