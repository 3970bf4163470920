import type { NotificationResponse } from '@healthfolio/core';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this note?</DialogTitle>
          <DialogDescription>“{note.title}” will be deleted. This cannot be undone.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete Note'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
