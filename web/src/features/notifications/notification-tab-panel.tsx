import type { NotificationResponse, NotificationTab } from '@healthfolio/core';
import { Inbox } from 'lucide-react';
import { toast } from 'sonner';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { Spinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { DeleteReminderButton, isOwnReminder } from './delete-reminder';
import { NotificationCard } from './notification-card';
import { itemsOf, useNotificationList, useUpdateNotification } from './notifications-api';
import { ScheduledReminders } from './scheduled-reminders';

const EMPTY: Record<NotificationTab, string> = {
  all: 'No notifications yet. Add one, or wait for reminders to arrive.',
  notes: 'No notes yet.',
  actions: 'No actions yet.',
  reminders: 'No reminders yet.',
};

const LIST_NAME: Record<NotificationTab, string> = {
  all: 'All notifications',
  notes: 'Notes',
  actions: 'Actions',
  reminders: 'Reminders',
};

// Spec §8: a failed Mark Read or Complete is ignored silently; the card simply stays as it was.
const ignore = () => {};

/** One tab of the notifications screen: its items newest first, page by page. */
export function NotificationTabPanel({ tab }: { tab: NotificationTab }) {
  const { profile } = useDashboardContext();
  const list = useNotificationList(tab);
  const update = useUpdateNotification();
  const busyId = update.isPending ? update.variables?.id : undefined;

  if (list.isPending) return <Spinner label="Loading notifications" className="p-6" />;
  // A failed "Load more" keeps what is already shown; only a failed first page replaces the list.
  if (list.isLoadingError)
    return (
      <ErrorState
        title="Could not load notifications"
        message={errorMessage(list.error, 'The server did not answer.')}
        onRetry={() => list.refetch()}
      />
    );

  const items = itemsOf(list.data);
  const scheduled = <ScheduledReminders tab={tab} timeZone={profile.timezone} />;
  if (items.length === 0)
    return (
      <div className="flex flex-col gap-3">
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
          <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">{EMPTY[tab]}</p>
        </div>
        {scheduled}
      </div>
    );

  const markRead = (item: NotificationResponse) =>
    update.mutate({ id: item.id, isRead: true }, { onError: ignore });
  const complete = (item: NotificationResponse) =>
    update.mutate(
      { id: item.id, isCompleted: true },
      {
        onSuccess: () => toast.success('Completed', { description: 'Task completed' }),
        onError: ignore,
      },
    );

  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={LIST_NAME[tab]} className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.id}>
            <NotificationCard
              item={item}
              timeZone={profile.timezone}
              onMarkRead={markRead}
              onComplete={complete}
              actions={isOwnReminder(item) && <DeleteReminderButton item={item} />}
              busy={busyId === item.id}
            />
          </li>
        ))}
      </ul>
      <LoadMore list={list} what="notifications" />
      {scheduled}
    </div>
  );
}
