import type { NotificationResponse } from '@healthfolio/core';
import { canDelete, repeats } from '@healthfolio/core/notifications/notification-tabs';
import { Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useDeleteNotification } from './notifications-api';

// The confirmation loads when asked for, not with the notifications page (its first-load budget).
const ConfirmDialog = lazy(() =>
  import('@/components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

/** What the confirmation says: a repeating reminder's deletion stops the repeats. */
export const deleteReminderText = (item: NotificationResponse) =>
  repeats(item)
    ? `“${item.title}” repeats ${item.reminderFrequency}. Deleting it stops the repeats: its next time is removed too and it will not come again. Reminders that already arrived stay. This cannot be undone.`
    : `“${item.title}” will be deleted. This cannot be undone.`;

/** A reminder the person set themselves: theirs to delete. */
export const isOwnReminder = (item: NotificationResponse) => item.type === 'reminder' && canDelete(item);

/**
 * Delete on a reminder the person set themselves (not one from the system, a caregiver or a
 * medication or appointment), after a confirmation in words.
 */
export function DeleteReminderButton({ item }: { item: NotificationResponse }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteNotification();
  const confirm = () =>
    remove.mutate(item.id, {
      onSuccess: () => {
        toast.success(repeats(item) ? 'Reminder deleted; it will not repeat' : 'Reminder deleted');
        setOpen(false);
      },
      onError: (error) =>
        toast.error('Could not delete the reminder', {
          description: errorMessage(error, 'Please try again.'),
        }),
    });
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={`Delete the reminder “${item.title}”`}
      >
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title="Delete this reminder?"
            description={deleteReminderText(item)}
            confirmLabel={remove.isPending ? 'Deleting…' : 'Delete Reminder'}
            keepLabel="Cancel"
            pending={remove.isPending}
            onConfirm={confirm}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
