import type { NotificationTab } from '@healthfolio/core';
import { toast } from 'sonner';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { NotificationCard } from './notification-card';
import { itemsOf, type useNotificationList, useUpdateNotification } from './notifications-api';
import { ScheduledReminders } from './scheduled-reminders';

const EMPTY: Record<NotificationTab, string> = {
  all: 'No alerts yet.',
  notes: 'No notes yet.',
  actions: 'Nothing needs your action.',
  reminders: 'No reminders yet.',
};

type Props = {
  tab: NotificationTab;
  list: ReturnType<typeof useNotificationList>;
  timeZone: string;
};

/** One tab of the compact view: the user's own items, newest first, with Mark Read and Complete. */
export function AlertList({ tab, list, timeZone }: Props) {
  const update = useUpdateNotification();

  if (list.isPending) return <Spinner label="Loading alerts" className="flex justify-center py-8" />;
  if (list.isLoadingError)
    return (
      <ErrorState
        title="Could not load your alerts"
        message={errorMessage(list.error, 'The server did not answer.')}
        onRetry={() => list.refetch()}
      />
    );
  const items = itemsOf(list.data);
  const scheduled = <ScheduledReminders tab={tab} timeZone={timeZone} compact />;
  if (items.length === 0)
    return (
      <div className="flex flex-col gap-3">
        <p className="py-6 text-center text-sm text-muted-foreground">{EMPTY[tab]}</p>
        {scheduled}
      </div>
    );

  const change = (id: string, body: { isRead: true } | { isCompleted: true }, failure: string) =>
    update.mutate(
      { id, ...body },
      {
        onSuccess: () => 'isCompleted' in body && toast.success('Marked as completed'),
        onError: (e) => toast.error(failure, { description: errorMessage(e, 'Please try again.') }),
      },
    );

  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.id}>
            <NotificationCard
              item={item}
              timeZone={timeZone}
              compact
              busy={update.isPending && update.variables?.id === item.id}
              onMarkRead={(n) => change(n.id, { isRead: true }, 'Could not mark as read')}
              onComplete={(n) => change(n.id, { isCompleted: true }, 'Could not complete')}
            />
          </li>
        ))}
      </ul>
      <LoadMore list={list} what="alerts" />
      {scheduled}
    </div>
  );
}
