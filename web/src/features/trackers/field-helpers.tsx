import type { EntryCreateRequest } from '@healthfolio/core';
import { type ComponentProps, useId } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { LogValues } from './log-form';
import { humanize } from './tracker-meta';

export type FieldsProps = { form: UseFormReturn<LogValues, unknown, EntryCreateRequest> };

export const errorOf = (errors: FieldErrors<LogValues>, name: keyof LogValues) =>
  errors[name]?.message as string | undefined;

/** A text input that keeps digits only (spec §5), or digits and one decimal point when `decimal`. */
export function NumberField({
  decimal = false,
  onChange,
  ...props
}: ComponentProps<typeof FormField> & { decimal?: boolean }) {
  return (
    <FormField
      inputMode={decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      {...props}
      onChange={(e) => {
        const clean = decimal
          ? e.target.value.replace(/[^\d.,]/g, '').replace(/([.,].*)[.,]/g, '$1')
          : e.target.value.replace(/\D/g, '');
        if (clean !== e.target.value) e.target.value = clean;
        onChange?.(e);
      }}
    />
  );
}

/** One of the spec's enumerations as a native select; "Not specified" leaves it out of the entry. */
export function EnumSelect({
  form,
  name,
  label,
  values,
  labelOf = humanize,
}: FieldsProps & {
  name: keyof LogValues;
  label: string;
  values: readonly string[];
  /** The words of a value (default: the value humanized). */
  labelOf?: (value: string) => string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} {...form.register(name)}>
        <option value="">Not specified</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {labelOf(v)}
          </option>
        ))}
      </Select>
    </div>
  );
}

export const options = (values: readonly string[]) =>
  values.map((value) => ({ value, label: humanize(value) }));
