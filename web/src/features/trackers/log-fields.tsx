import type { GlucoseUnit } from '@healthfolio/core';
import { GLUCOSE_TIMINGS, WEIGHT_CONTEXTS } from '@healthfolio/core/trackers/enums';
import { formatWeightIn, parseWeightInput } from '@healthfolio/core/units/weight-units';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { EnumSelect, errorOf, type FieldsProps, NumberField } from './field-helpers';

export function GlucoseFields({ form, unit }: FieldsProps & { unit: GlucoseUnit }) {
  const { errors } = form.formState;
  return (
    <>
      <NumberField
        label={`Blood glucose (${unit})`}
        decimal={unit === 'mmol/L'}
        error={errorOf(errors, 'glucose')}
        {...form.register('glucose')}
      />
      <EnumSelect form={form} name="timing" label="Timing" values={GLUCOSE_TIMINGS} />
      <NumberField
        label="Carbs consumed (g)"
        error={errorOf(errors, 'carbsConsumed')}
        {...form.register('carbsConsumed')}
      />
    </>
  );
}

export function PressureFields({ form }: FieldsProps) {
  const { errors } = form.formState;
  return (
    <div className="grid grid-cols-2 gap-3">
      <NumberField
        label="Systolic (mmHg)"
        aria-required="true"
        error={errorOf(errors, 'systolic')}
        {...form.register('systolic')}
      />
      <NumberField
        label="Diastolic (mmHg)"
        aria-required="true"
        error={errorOf(errors, 'diastolic')}
        {...form.register('diastolic')}
      />
    </div>
  );
}

export function WeightFields({ form }: FieldsProps) {
  const { errors } = form.formState;
  const unitId = useId();
  const [weight, unit] = useWatch({ control: form.control, name: ['weight', 'weightUnit'] });
  const parsed = parseWeightInput(weight);
  const other = unit === 'lbs' ? 'kg' : 'lbs';
  return (
    <>
      <div className="grid grid-cols-[1fr_7rem] items-start gap-3">
        <FormField
          label="Weight"
          type="number"
          inputMode="decimal"
          step={0.1}
          min={0}
          max={1000}
          error={errorOf(errors, 'weight')}
          {...form.register('weight')}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor={unitId}>Unit</Label>
          <Select id={unitId} {...form.register('weightUnit')}>
            <option value="lbs">lbs</option>
            <option value="kg">kg</option>
          </Select>
        </div>
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {parsed !== null && parsed > 0 ? `That is ${formatWeightIn(parsed, unit, other)}.` : ''}
      </p>
      <EnumSelect form={form} name="weightContext" label="Context" values={WEIGHT_CONTEXTS} />
    </>
  );
}

/** Journal text or the medication taken: the entry's value. */
export function ValueField({ form, label }: FieldsProps & { label: string }) {
  const id = useId();
  const error = errorOf(form.formState.errors, 'value');
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={label === 'Journal entry' ? 6 : 2}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register('value')}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
