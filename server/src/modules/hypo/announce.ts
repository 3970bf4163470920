import type { LiveNotifier } from '../notifications/live-notifications.service';

export type Announcer = Pick<LiveNotifier, 'announce'> &
  Partial<Pick<LiveNotifier, 'alertGuardians' | 'pushFollowUpAlerts' | 'dataChanged'>>;

/** Tells the user's open pages (and guardians, and devices) about follow-up notifications stored by a committed transaction. */
export const announceNotices = async (notifier: Announcer, userId: string, ids: string[]) => {
  for (const id of ids) {
    await notifier.announce(userId, 'notification.created', id);
    await notifier.alertGuardians?.(userId, id);
  }
  if (ids.length) await notifier.pushFollowUpAlerts?.(userId, ids);
};
