import type { MedicationScheduleRequest } from '@healthfolio/core';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { type MedicationValues, ownError } from './medication-form';

/** The optional part of a schedule: how to take it and the prescription it comes from. */
export function PrescriptionFields({
  form,
}: {
  form: UseFormReturn<MedicationValues, unknown, MedicationScheduleRequest>;
}) {
  const id = useId();
  const { errors } = form.formState;
  const instructionsError = ownError(errors, 'specialInstructions');
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-instructions`}>Special instructions (optional)</Label>
        <Textarea
          id={`${id}-instructions`}
          rows={2}
          placeholder="e.g. Take with food"
          aria-invalid={instructionsError ? true : undefined}
          aria-describedby={instructionsError ? `${id}-instructions-error` : undefined}
          {...form.register('specialInstructions')}
        />
        {instructionsError && (
          <p id={`${id}-instructions-error`} className="text-sm text-destructive">
            {instructionsError}
          </p>
        )}
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium">Prescription (optional)</legend>
        <FormField
          label="Prescriber"
          autoComplete="off"
          error={ownError(errors, 'prescriber')}
          {...form.register('prescriber')}
        />
        <FormField
          label="Prescription number"
          autoComplete="off"
          error={ownError(errors, 'prescriptionNumber')}
          {...form.register('prescriptionNumber')}
        />
        <FormField
          label="Refill date"
          type="date"
          error={ownError(errors, 'refillDate')}
          {...form.register('refillDate')}
        />
      </fieldset>
    </>
  );
}
