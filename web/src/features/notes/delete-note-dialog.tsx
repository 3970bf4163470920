import type { NotificationResponse } from '@healthfolio/core';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteNote } from '@/features/notifications/notifications-api';
import { errorMessage } from '@/lib/api';

/** Asks before a note is gone for good. */
export function DeleteNoteDialog({ note, onClose }: { note: NotificationResponse; onClose: () => void }) {
  const remove = useDeleteNote();
  const confirm = () =>
    remove.mutate(note.id, {
      onSuccess: () => {
        toast.success('Note deleted');
        onClose();
      },
      onError: (error) =>
        toast.error('Could not delete the note', { description: errorMessage(error, 'Please try again.') }),
    });
  return (
    <ConfirmDialog
      title="Delete this note?"
      description={`“${note.title}” will be deleted. This cannot be undone.`}
      confirmLabel={remove.isPending ? 'Deleting…' : 'Delete Note'}
      keepLabel="Cancel"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
