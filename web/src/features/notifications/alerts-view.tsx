import type { NotificationTab } from '@healthfolio/core';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { AlertList } from './alert-list';
import { AlertTabs } from './alert-tabs';
import { DemoAlerts } from './demo-alerts';
import { useNotificationList, useUnreadCounts } from './notifications-api';

/**
 * The compact alerts view (spec §2): tabs All, Notes, Actions, Reminders over the user's own items.
 * It is the phone's /dashboard/notifications and the body of /dashboard/alerts. With `demoOnError`
 * (the alerts page) a failed load shows the built-in samples under the demo banner instead of an
 * error; never otherwise, so samples are never mixed into a real list.
 */
export function AlertsView({ demoOnError = false }: { demoOnError?: boolean }) {
  const { profile } = useDashboardContext();
  const [tab, setTab] = useState<NotificationTab>('all');
  const list = useNotificationList(tab);
  const counts = useUnreadCounts();

  if (demoOnError && list.isError)
    return (
      <DemoAlerts
        timeZone={profile.timezone}
        notice={
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <p>Your alerts could not be loaded: {errorMessage(list.error, 'the server did not answer.')}</p>
            <Button size="sm" variant="outline" onClick={() => list.refetch()} disabled={list.isFetching}>
              Try again
            </Button>
          </div>
        }
      />
    );

  return (
    <AlertTabs value={tab} onValueChange={setTab} counts={counts.data}>
      <AlertList tab={tab} list={list} timeZone={profile.timezone} />
    </AlertTabs>
  );
}
