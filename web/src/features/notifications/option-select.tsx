import { type ComponentProps, useId } from 'react';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';

type Props = ComponentProps<typeof Select> & {
  label: string;
  options: readonly { value: string; label: string }[];
  error?: string;
};

/** A labelled native select of fixed choices, with its error announced with it. */
export function OptionSelect({ label, options, error, ...props }: Props) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
