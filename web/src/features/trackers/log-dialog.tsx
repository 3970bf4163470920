import type { EntryCreateRequest, EntryResponse } from '@healthfolio/core';
import { zoneWords } from '@healthfolio/core/text/zone-words';
import { useEffect, useId, useMemo } from 'react';
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
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
import { whoseRecord } from '@/features/household/whose';
import { isQueued } from '@/features/offline/queued-entry';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { ApiError, errorMessage } from '@/lib/api';
import { loadCore } from '@/lib/lazy-resolver';
import { DateOnlyFields } from './date-only-fields';
import { editBody, isDateOnly } from './date-only-when';
import { errorOf } from './field-helpers';
import { toastLowAfterSave } from './glucose-toast';
import { savedWords } from './log-alert-words';
import { GlucoseFields, PressureFields, ValueField, WeightFields } from './log-fields';
import { fieldForPath, initialValues, type LogValues, missingText, toPayload } from './log-form';
import { MealFields } from './meal-fields';
import { PHOTO_ATTACH_TEXTS as P, withPickedPhoto } from './meal-photo-api';
import { MoodFields, PainFields } from './mood-pain-fields';
import { toastCrisisAfterSave } from './pressure-crisis';
import { type LogTracker, logName } from './tracker-meta';
import { useCreateEntry, useTrackerStats, useUpdateEntry } from './use-entries';
import { defaultWeightUnit } from './weight-progress';

/** "Log {tracker}": a new entry, or the same form filled in when `entry` is being edited. */
export function LogDialog({
  tracker,
  entry,
  onClose,
}: {
  tracker: LogTracker;
  entry?: EntryResponse;
  onClose: () => void;
}) {
  const { profile, acting } = useDashboardContext();
  // One object while the person on show stays the same: the form's resolver is made from it.
  const w = useMemo(() => whoseRecord(acting), [acting]);
  const { glucoseUnit: unit, timezone } = profile;
  const create = useCreateEntry();
  const update = useUpdateEntry();
  const notesId = useId();
  const name = logName(tracker);

  const resolver = useMemo<Resolver<LogValues, unknown, EntryCreateRequest>>(
    () => async (values) => {
      const { EntryCreateRequest } = await loadCore();
      const result = EntryCreateRequest.safeParse(toPayload(tracker, values, unit, timezone, entry));
      if (result.success) return { values: result.data as EntryCreateRequest, errors: {} };
      const errors: Record<string, { type: string; message: string }> = {};
      for (const issue of result.error.issues) {
        const field = fieldForPath(issue.path, tracker);
        // Only a field left empty is "missing"; a value out of range or not a number keeps the schema's words.
        const empty = field !== 'root' && String(values[field] ?? '').trim() === '';
        const missing = issue.code === 'invalid_type' && empty ? missingText(field, tracker, w) : undefined;
        errors[field] ??= { type: issue.code, message: missing ?? issue.message };
      }
      return { values: {}, errors: errors as FieldErrors<LogValues> };
    },
    [tracker, unit, timezone, w, entry],
  );
  // A new weight starts in the person's unit (profile, else the last one logged), not always lbs.
  const newWeight = tracker === 'weight' && !entry;
  const weightStats = useTrackerStats('weight', newWeight);
  const weightUnit = defaultWeightUnit(profile.weightGoal, weightStats.data?.latest);
  const form = useForm<LogValues, unknown, EntryCreateRequest>({
    resolver,
    defaultValues: initialValues(timezone, unit, entry, weightUnit),
  });
  // The last entry may arrive after the dialog opened: follow it until the person picks a unit or types.
  useEffect(() => {
    if (!newWeight || form.getFieldState('weightUnit').isDirty || form.getValues('weight')) return;
    form.setValue('weightUnit', weightUnit);
  }, [newWeight, weightUnit, form]);
  const { errors, isSubmitting } = form.formState;
  // Save waits while the meal photo is analysed: the meal is saved once, with its photo and figures.
  const photoBusy = useWatch({ control: form.control, name: 'photoBusy' });
  const waitId = useId();

  const save = form.handleSubmit(async (filled) => {
    if (form.getValues('photoBusy')) return;
    try {
      const payload = await withPickedPhoto(filled, form.getValues('photoFile'), (id) =>
        form.setValue('aiAnalysisId', id),
      );
      let queued = false;
      if (entry) {
        await update.mutateAsync({ id: entry.id, body: editBody(entry, payload) });
      } else {
        queued = isQueued(await create.mutateAsync(payload));
      }
      // A value that signals an emergency is told as the alert it is instead of "Saved {tracker}".
      const alert =
        payload.tracker === 'blood-glucose'
          ? toastLowAfterSave(payload.data.glucose, unit, w)
          : payload.tracker === 'blood-pressure' &&
            toastCrisisAfterSave(payload.data.systolic, payload.data.diastolic, w);
      if (queued && !alert)
        toast.success(`${name} kept on this device`, {
          description: 'You are offline: it will be sent when the connection returns.',
        });
      else if (!alert) toast.success(`Saved ${name}`, { description: savedWords(payload, w) });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast.error('Sign in required', { description: 'Please sign in to save entries.' });
        return;
      }
      toast.error('Save failed', { description: errorMessage(error, 'The entry could not be saved.') });
      if (error instanceof ApiError)
        for (const { path, message } of error.fieldErrors)
          form.setError(fieldForPath(path, tracker), { type: 'server', message });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{entry ? `Edit ${name}` : `Log ${name}`}</DialogTitle>
          <DialogDescription>
            {entry ? 'Correct this entry and save it again.' : 'Fill in what you want to record, then save.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={save} className="flex flex-col gap-4">
          {errors.root?.message && (
            <p role="alert" className="text-sm text-destructive">
              {errors.root.message}
            </p>
          )}
          {entry && isDateOnly(entry) ? (
            // Its record gave a date only: no time (nor day of a month or year) is made up.
            <DateOnlyFields form={form} entry={entry} timeZone={timezone} />
          ) : (
            <FormField
              label="Date and time"
              type="datetime-local"
              required
              hint={`Time zone: ${zoneWords(timezone)}`}
              error={errorOf(errors, 'occurredAt')}
              {...form.register('occurredAt')}
            />
          )}
          {tracker === 'blood-glucose' && <GlucoseFields form={form} unit={unit} />}
          {tracker === 'blood-pressure' && <PressureFields form={form} />}
          {tracker === 'weight' && <WeightFields form={form} />}
          {tracker === 'meal' && <MealFields form={form} />}
          {tracker === 'mood-energy' && <MoodFields form={form} />}
          {tracker === 'pain' && <PainFields form={form} />}
          {tracker === 'journal' && <ValueField form={form} label="Journal entry" />}
          {tracker === 'medication' && <ValueField form={form} label="Medication taken" />}
          <div className="flex flex-col gap-2">
            <Label htmlFor={notesId}>Notes</Label>
            <Textarea id={notesId} rows={3} {...form.register('notes')} />
          </div>
          {photoBusy && (
            <p id={waitId} className="text-sm text-muted-foreground">
              {P.waitForAnalysis}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={isSubmitting || photoBusy}
              aria-describedby={photoBusy ? waitId : undefined}
            >
              {isSubmitting ? 'Saving…' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
