import type { MedicationScheduleRequest, MedicationScheduleSummary } from '@healthfolio/core';
import { countOf } from '@healthfolio/core/text/count-words';
import { zoneWords } from '@healthfolio/core/text/zone-words';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
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
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api';
import { DailyTimesField } from './daily-times-field';
import {
  FREQUENCY_OPTIONS,
  fieldForPath,
  formMessage,
  initialValues,
  type MedicationValues,
  medicationResolver,
  ownError,
  valuesOf,
} from './medication-form';
import { useCreateSchedule, useUpdateSchedule } from './medications-api';
import { PrescriptionFields } from './prescription-fields';

/**
 * "Add Medication": one schedule, expanded by the server into a reminder per dose. Given a schedule,
 * "Edit Medication": the change applies to the doses still to come; its start date stays.
 */
export function MedicationFormDialog({
  timeZone,
  schedule,
  onClose,
}: {
  timeZone: string;
  schedule?: MedicationScheduleSummary;
  onClose: () => void;
}) {
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const frequencyId = useId();
  const form = useForm<MedicationValues, unknown, MedicationScheduleRequest>({
    resolver: medicationResolver,
    defaultValues: schedule ? valuesOf(schedule) : initialValues(timeZone),
  });
  const { errors, isSubmitting } = form.formState;
  const invalid = (name: keyof MedicationValues) => (errors[name] ? true : undefined);

  const send = async (payload: MedicationScheduleRequest) => {
    if (!schedule) {
      const { created } = await create.mutateAsync(payload);
      toast.success(`Created ${countOf(created, 'medication reminder')}`);
      return;
    }
    const { startDate: _, ...change } = payload;
    await update.mutateAsync({ id: schedule.id, body: change });
    toast.success(`${change.medicationName} updated`, {
      description: 'The doses still to come follow the new schedule.',
    });
  };

  const save = form.handleSubmit(async (payload) => {
    try {
      await send(payload);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast.error('Error', { description: 'You must be logged in to create medication reminders' });
        return;
      }
      toast.error('Error', {
        description: schedule ? 'Failed to update the medication' : 'Failed to create medication reminders',
      });
      if (error instanceof ApiError)
        for (const { path, message } of error.fieldErrors)
          form.setError(fieldForPath(path), { type: 'server', message });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{schedule ? 'Edit Medication' : 'Add Medication'}</DialogTitle>
          <DialogDescription>
            {schedule
              ? 'Changes apply to the doses still to come. Doses already due stay as they were. '
              : 'Each daily time becomes a reminder on every day of the schedule '}
            (time zone: {zoneWords(timeZone)}).
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={save} className="flex flex-col gap-4">
          {formMessage(errors) && (
            <p role="alert" className="text-sm text-destructive">
              {formMessage(errors)}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Medication name"
              required
              autoComplete="off"
              error={ownError(errors, 'medicationName')}
              aria-invalid={invalid('medicationName')}
              {...form.register('medicationName')}
            />
            <FormField
              label="Dosage"
              required
              placeholder="e.g. 500 mg"
              autoComplete="off"
              error={ownError(errors, 'dosage')}
              aria-invalid={invalid('dosage')}
              {...form.register('dosage')}
            />
          </div>
          <Controller
            control={form.control}
            name="dailyTimes"
            render={({ field }) => (
              <DailyTimesField
                value={field.value}
                onChange={field.onChange}
                invalid={Boolean(errors.dailyTimes)}
              />
            )}
          />
          {ownError(errors, 'dailyTimes') && (
            <p className="text-sm text-destructive">{ownError(errors, 'dailyTimes')}</p>
          )}
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="flex flex-col gap-2">
              <Label htmlFor={frequencyId}>Frequency</Label>
              <Select id={frequencyId} {...form.register('frequency')}>
                {FREQUENCY_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            </div>
            <FormField
              label="Start date"
              type="date"
              readOnly={Boolean(schedule)}
              error={ownError(errors, 'startDate')}
              {...form.register('startDate')}
            />
            <FormField
              label="End date (optional)"
              type="date"
              error={ownError(errors, 'endDate')}
              {...form.register('endDate')}
            />
          </div>
          <PrescriptionFields form={form} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : schedule ? 'Save Changes' : 'Save Medication'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
