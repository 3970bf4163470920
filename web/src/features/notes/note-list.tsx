import type { NotificationResponse } from '@healthfolio/core';
import { Pencil, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { Spinner } from '@/components/ui/spinner';
import { useWhose } from '@/features/household/whose';
import { NotificationCard } from '@/features/notifications/notification-card';
import {
  itemsOf,
  useNotificationList,
  useUpdateNotification,
} from '@/features/notifications/notifications-api';
import { errorMessage } from '@/lib/api';
import { useIsMobile } from '@/lib/use-is-mobile';

type Props = {
  query: string;
  timeZone: string;
  onEdit: (note: NotificationResponse) => void;
  onDelete: (note: NotificationResponse) => void;
};

/** The user's notes, newest first, filtered on the server by `query`. */
export function NoteList({ query, timeZone, onEdit, onDelete }: Props) {
  const list = useNotificationList('notes', query);
  const update = useUpdateNotification();
  const compact = useIsMobile();
  const w = useWhose();

  if (list.isPending) return <Spinner label="Loading notes" className="flex justify-center py-8" />;
  if (list.isLoadingError)
    return (
      <ErrorState
        title={`Could not load ${w.your} notes`}
        message={errorMessage(list.error, 'The server did not answer.')}
        onRetry={() => list.refetch()}
      />
    );
  const notes = itemsOf(list.data);
  if (notes.length === 0)
    return (
      <p className="py-8 text-center text-sm text-muted-foreground">
        {query.trim() ? `No notes match “${query.trim()}”.` : 'No notes yet.'}
      </p>
    );

  const markRead = (note: NotificationResponse) =>
    update.mutate(
      { id: note.id, isRead: true },
      {
        onError: (e) =>
          toast.error('Could not mark as read', { description: errorMessage(e, 'Please try again.') }),
      },
    );

  return (
    <div className="flex flex-col gap-3">
      {/* The cards' titles are h3s; this keeps the outline whole under the page's h1. */}
      <h2 className="sr-only">{w.Your} notes</h2>
      <ul className="flex flex-col gap-3" aria-label="Notes">
        {notes.map((note) => (
          <li key={note.id}>
            <NotificationCard
              item={note}
              timeZone={timeZone}
              compact={compact}
              onMarkRead={markRead}
              busy={update.isPending && update.variables?.id === note.id}
              actions={
                <>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onEdit(note)}
                    aria-label={`Edit “${note.title}”`}
                  >
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onDelete(note)}
                    aria-label={`Delete “${note.title}”`}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </>
              }
            />
          </li>
        ))}
      </ul>
      <LoadMore list={list} what="notes" />
    </div>
  );
}
