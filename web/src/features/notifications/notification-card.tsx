import type { NotificationResponse } from '@healthfolio/core';
import { CalendarClock, Check, CheckCheck, Repeat } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useFocusAfterAction } from '@/lib/use-focus-after-action';
import { cn } from '@/lib/utils';
import { formatDate, formatTime } from '@/lib/zoned-format';
import { PRIORITY_META, SENDER_META } from './notification-meta';

type Props = {
  item: NotificationResponse;
  timeZone: string;
  onMarkRead?: (item: NotificationResponse) => void;
  onComplete?: (item: NotificationResponse) => void;
  /** Extra actions (edit, delete) after the built-in ones. */
  actions?: ReactNode;
  busy?: boolean;
  compact?: boolean;
  /** A reminder still to come: neither unread nor read yet, so it says "Scheduled" instead. */
  scheduled?: boolean;
};

export const dueText = (iso: string, timeZone: string) =>
  `${formatDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;

/**
 * One notification (spec §2): title, content, sender label and icon, priority, due date; unread items
 * are highlighted and say so in words. Mark Read while unread; Complete only for type notification
 * while not completed.
 */
export function NotificationCard({
  item,
  timeZone,
  onMarkRead,
  onComplete,
  actions,
  busy,
  compact,
  scheduled,
}: Props) {
  const sender = SENDER_META[item.senderType];
  const priority = PRIORITY_META[item.priority];
  const SenderIcon = sender.icon;
  const canComplete = item.type === 'notification' && !item.isCompleted;
  // Mark Read and Complete go once done: focus moves to the card, which now reads as read or completed.
  const focus = useFocusAfterAction<HTMLElement>(`${item.isRead}/${item.isCompleted}`);
  return (
    <article
      ref={focus.target}
      tabIndex={-1}
      aria-label={item.title}
      className={cn(
        'flex flex-col gap-2 rounded-lg border bg-card p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring',
        !item.isRead && !scheduled && 'border-primary/60 bg-primary/5',
        compact && 'p-3',
      )}
    >
      <div className="flex flex-wrap items-start gap-2">
        {/* On a phone the badges would squeeze the title to a word a line: compact puts them below. */}
        <h3 className={cn('min-w-0 flex-1 font-semibold break-words', compact && 'basis-full')}>
          {item.title}
        </h3>
        {scheduled ? <Badge variant="outline">Scheduled</Badge> : !item.isRead && <Badge>Unread</Badge>}
        <Badge variant={priority.variant}>{priority.label} priority</Badge>
        {item.isCompleted && <Badge variant="secondary">Completed</Badge>}
        {/* A medication dose answered Skip: done with, as a taken one is. */}
        {item.metadata.skipped === true && <Badge variant="secondary">Skipped</Badge>}
      </div>
      <p className="text-sm whitespace-pre-wrap break-words text-muted-foreground">{item.content}</p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <SenderIcon className="size-3.5" aria-hidden="true" />
          <span>
            From {item.senderName}
            {item.senderName !== sender.label && ` (${sender.label})`}
          </span>
        </span>
        {item.dueDate && (
          <span className="inline-flex items-center gap-1">
            <CalendarClock className="size-3.5" aria-hidden="true" />
            Due {dueText(item.dueDate, timeZone)}
          </span>
        )}
        {item.reminderFrequency && item.reminderFrequency !== 'once' && (
          <span className="inline-flex items-center gap-1">
            <Repeat className="size-3.5" aria-hidden="true" />
            Repeats {item.reminderFrequency}
          </span>
        )}
        <span>Added {dueText(item.createdAt, timeZone)}</span>
      </div>
      {(onMarkRead || onComplete || actions) && (
        <div className="flex flex-wrap gap-2">
          {onMarkRead && !item.isRead && (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => {
                focus.arm();
                onMarkRead(item);
              }}
            >
              <Check aria-hidden="true" />
              Mark Read
            </Button>
          )}
          {onComplete && canComplete && (
            <Button
              size="sm"
              disabled={busy}
              onClick={() => {
                focus.arm();
                onComplete(item);
              }}
            >
              <CheckCheck aria-hidden="true" />
              Complete
            </Button>
          )}
          {actions}
        </div>
      )}
    </article>
  );
}
