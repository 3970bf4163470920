import type { NotificationTab } from '@healthfolio/core';
import { useState } from 'react';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { AlertList } from './alert-list';
import { AlertTabs } from './alert-tabs';
import { useNotificationList, useUnreadCounts } from './notifications-api';

/**
 * The compact alerts view (spec §2): tabs All, Notes, Actions, Reminders over the user's own items.
 * It is the phone's /dashboard/notifications and the body of /dashboard/alerts. A failed load shows
 * the error and Try again: the built-in samples are for signed-out visitors only (PublicAlertsPage),
 * so a signed-in user never mistakes them for their own.
 */
export function AlertsView() {
  const { profile } = useDashboardContext();
  const [tab, setTab] = useState<NotificationTab>('all');
  const list = useNotificationList(tab);
  const counts = useUnreadCounts();

  return (
    <AlertTabs value={tab} onValueChange={setTab} counts={counts.data}>
      <AlertList tab={tab} list={list} timeZone={profile.timezone} />
    </AlertTabs>
  );
}
