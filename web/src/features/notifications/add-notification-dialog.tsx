import type { NotificationCreateRequest } from '@healthfolio/core';
import { zoneWords } from '@healthfolio/core/text/zone-words';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
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
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { ApiError } from '@/lib/api';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import {
  type AddableType,
  type AddValues,
  FREQUENCY_OPTIONS,
  hasDueDate,
  hasFrequency,
  initialAddValues,
  loadAddSchema,
  PRIORITY_OPTIONS,
  TYPE_OPTIONS,
} from './add-notification-form';
import { useCreateNotification } from './notifications-api';
import { OptionSelect } from './option-select';

export type { AddableType };

const FIELDS = new Set<string>(['type', 'title', 'content', 'priority', 'dueDate', 'reminderFrequency']);

/** "Add Notification" (spec §5): a note, a task or a reminder the user writes for themselves. */
export function AddNotificationDialog({
  defaultType,
  onClose,
}: {
  defaultType: AddableType;
  onClose: () => void;
}) {
  const { timezone } = useDashboardContext().profile;
  const create = useCreateNotification();
  const contentId = useId();
  const resolver = useMemo(
    () => lazyZodResolver<AddValues, NotificationCreateRequest>(() => loadAddSchema(timezone)),
    [timezone],
  );
  const form = useForm<AddValues, unknown, NotificationCreateRequest>({
    resolver,
    defaultValues: initialAddValues(defaultType),
  });
  const { errors, isSubmitting } = form.formState;
  const type = form.watch('type');

  const save = form.handleSubmit(async (payload) => {
    try {
      await create.mutateAsync(payload);
      toast.success('Success', { description: 'Notification created successfully' });
      onClose();
    } catch (error) {
      // The dashboard only opens signed in, but the session can end while the dialog is open.
      const signedOut = error instanceof ApiError && error.status === 401;
      toast.error('Error', {
        description: signedOut
          ? 'You must be logged in to create notifications'
          : 'Failed to create notification',
      });
      if (error instanceof ApiError)
        for (const { path, message } of error.fieldErrors)
          if (FIELDS.has(path)) form.setError(path as keyof AddValues, { type: 'server', message });
    }
  });

  const contentError = errors.content?.message;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Notification</DialogTitle>
          <DialogDescription>
            Sent from You. Times are in your time zone: {zoneWords(timezone)}.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={save} className="flex flex-col gap-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <OptionSelect label="Type" options={TYPE_OPTIONS} {...form.register('type')} />
            <OptionSelect label="Priority" options={PRIORITY_OPTIONS} {...form.register('priority')} />
          </div>
          <FormField label="Title" error={errors.title?.message} {...form.register('title')} />
          <div className="flex flex-col gap-2">
            <Label htmlFor={contentId}>Content</Label>
            <Textarea
              id={contentId}
              aria-invalid={contentError ? true : undefined}
              aria-describedby={contentError ? `${contentId}-error` : undefined}
              {...form.register('content')}
            />
            {contentError && (
              <p id={`${contentId}-error`} className="text-sm text-destructive">
                {contentError}
              </p>
            )}
          </div>
          {hasDueDate(type) && (
            <FormField
              label="Due date"
              type="datetime-local"
              hint="Optional."
              error={errors.dueDate?.message}
              {...form.register('dueDate')}
            />
          )}
          {hasFrequency(type) && (
            <OptionSelect
              label="Frequency"
              options={FREQUENCY_OPTIONS}
              error={errors.reminderFrequency?.message}
              {...form.register('reminderFrequency')}
            />
          )}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Creating…' : 'Create'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
