import type { AppointmentFields } from '@healthfolio/core';
import { APPOINTMENT_SPECIALTIES } from '@healthfolio/core/appointments/appointment-options';
import { type ComponentProps, useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { AppointmentValues } from './appointment-form';

type Form = UseFormReturn<AppointmentValues, unknown, AppointmentFields>;

/** A labelled textarea whose error is announced with it, like FormField. */
function TextareaField({
  label,
  error,
  ...props
}: ComponentProps<typeof Textarea> & { label: string; error?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={2}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The spec's fields in its order: provider, specialty, date, start, end, location, telehealth, reason, preparation. */
export function AppointmentFieldset({ form, timeHint }: { form: Form; timeHint: string }) {
  const { errors } = form.formState;
  const err = (name: keyof AppointmentValues) => errors[name]?.message;
  const specialtyId = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        label="Provider"
        required
        autoComplete="off"
        error={err('provider')}
        {...form.register('provider')}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={specialtyId}>Specialty</Label>
        <Select id={specialtyId} {...form.register('specialty')}>
          <option value="">Not specified</option>
          {APPOINTMENT_SPECIALTIES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </div>
      <div className="sm:col-span-2">
        <FormField
          label="Date"
          type="date"
          required
          hint={timeHint}
          error={err('date')}
          {...form.register('date')}
        />
      </div>
      <FormField
        label="Start time"
        type="time"
        required
        error={err('startTime')}
        {...form.register('startTime')}
      />
      <FormField label="End time" type="time" error={err('endTime')} {...form.register('endTime')} />
      <FormField label="Location" autoComplete="off" error={err('location')} {...form.register('location')} />
      <FormField
        label="Telehealth URL"
        type="url"
        inputMode="url"
        placeholder="https://"
        error={err('telehealthUrl')}
        {...form.register('telehealthUrl')}
      />
      <div className="sm:col-span-2">
        <TextareaField label="Reason" error={err('reason')} {...form.register('reason')} />
      </div>
      <div className="sm:col-span-2">
        <TextareaField
          label="Preparation"
          placeholder="e.g. Fast for 8 hours, bring your meter"
          error={err('preparation')}
          {...form.register('preparation')}
        />
      </div>
    </div>
  );
}
