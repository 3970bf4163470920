import type { NotificationTab } from '@healthfolio/core';
import { useId } from 'react';
import { LoadMore } from '@/components/ui/load-more';
import { DeleteReminderButton, isOwnReminder } from './delete-reminder';
import { NotificationCard } from './notification-card';
import { itemsOf, useScheduledReminders } from './notifications-api';

/** The tabs a reminder belongs to: the scheduled list shows under these. */
export const SHOWS_SCHEDULED: ReadonlySet<NotificationTab> = new Set(['all', 'reminders']);

/**
 * The user's own reminders still to come, soonest first, under the list of what has arrived. Each
 * moves up into that list (unread) when it is due; nothing is shown while there are none.
 */
export function ScheduledReminders({
  tab,
  timeZone,
  compact,
}: {
  tab: NotificationTab;
  timeZone: string;
  compact?: boolean;
}) {
  const list = useScheduledReminders(tab, SHOWS_SCHEDULED.has(tab));
  const headingId = useId();
  const items = itemsOf(list.data);
  if (!SHOWS_SCHEDULED.has(tab) || items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t pt-4">
      <div>
        <h3 id={headingId} className="font-semibold">
          Scheduled
        </h3>
        <p className="text-sm text-muted-foreground">
          Your reminders still to come. Each shows above when it is due.
        </p>
      </div>
      <ul aria-label="Scheduled reminders" className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.id}>
            <NotificationCard
              item={item}
              timeZone={timeZone}
              compact={compact}
              scheduled
              actions={isOwnReminder(item) && <DeleteReminderButton item={item} />}
            />
          </li>
        ))}
      </ul>
      <LoadMore list={list} what="scheduled reminders" />
    </section>
  );
}
