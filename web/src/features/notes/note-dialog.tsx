import type { NotificationResponse } from '@healthfolio/core';
import { REQUIRED_FIELDS_MESSAGE } from '@healthfolio/core/notifications/notification-tabs';
import { useId } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
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
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useCreateNotification, useUpdateNotification } from '@/features/notifications/notifications-api';
import { ApiError, errorMessage } from '@/lib/api';
import { loadCore } from '@/lib/lazy-resolver';

type NoteValues = { title: string; content: string };

const REQUIRED = REQUIRED_FIELDS_MESSAGE;

// The core schema checks a note as the server will; zod loads on the first save, not with the page.
const resolver: Resolver<NoteValues> = async (values) => {
  const { NotificationCreateRequest } = await loadCore();
  const result = NotificationCreateRequest.safeParse({ type: 'note', ...values });
  if (result.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    if (field === 'title' || field === 'content')
      errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<NoteValues> };
};

/** "Add Note", or the same form filled in to edit `note`. */
export function NoteDialog({ note, onClose }: { note?: NotificationResponse; onClose: () => void }) {
  const create = useCreateNotification();
  const update = useUpdateNotification();
  const contentId = useId();
  const form = useForm<NoteValues>({
    resolver,
    defaultValues: { title: note?.title ?? '', content: note?.content ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const missing = [errors.title, errors.content].some((e) => e?.message === REQUIRED);
  // The required-fields message is said once for the form; other messages stay under their field.
  const own = (e?: { message?: string }) => (e?.message && e.message !== REQUIRED ? e.message : undefined);

  const save = form.handleSubmit(async ({ title, content }) => {
    try {
      if (note) await update.mutateAsync({ id: note.id, title: title.trim(), content: content.trim() });
      else
        await create.mutateAsync({
          type: 'note',
          title: title.trim(),
          content: content.trim(),
          priority: 'medium',
        });
      toast.success(note ? 'Note updated' : 'Note saved');
      onClose();
    } catch (error) {
      toast.error(note ? 'Could not update the note' : 'Could not save the note', {
        description: errorMessage(error, 'Please try again.'),
      });
      if (error instanceof ApiError)
        for (const { path, message } of error.fieldErrors)
          if (path === 'title' || path === 'content') form.setError(path, { type: 'server', message });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{note ? 'Edit Note' : 'Add Note'}</DialogTitle>
          <DialogDescription>
            {note ? 'Change the title or the text, then save.' : 'Give the note a title and write it down.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={save} className="flex flex-col gap-4">
          {missing && (
            <p role="alert" className="text-sm text-destructive">
              {REQUIRED}
            </p>
          )}
          <FormField
            label="Title"
            required
            maxLength={200}
            aria-invalid={errors.title ? true : undefined}
            error={own(errors.title)}
            {...form.register('title')}
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor={contentId}>Content</Label>
            <Textarea
              id={contentId}
              rows={5}
              required
              maxLength={5000}
              aria-invalid={errors.content ? true : undefined}
              aria-describedby={own(errors.content) ? `${contentId}-error` : undefined}
              {...form.register('content')}
            />
            {own(errors.content) && (
              <p id={`${contentId}-error`} className="text-sm text-destructive">
                {own(errors.content)}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Save Note'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
