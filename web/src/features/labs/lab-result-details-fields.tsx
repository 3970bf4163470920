import { FormField } from '@/components/ui/form-field';
import { useWhose } from '@/features/household/whose';

type Field<T> = { value: T; set: (value: T) => void };

export interface LabResultDetails {
  date: Field<string>;
  low: Field<string>;
  high: Field<string>;
  critical: Field<boolean>;
  labName: Field<string>;
  note: Field<string>;
}

/**
 * What adding and editing a lab result share below its value: the test's date, the report's reference
 * range, the critical mark, the lab and a note.
 */
export function LabResultDetailsFields({
  fields: { date, low, high, critical, labName, note },
  maxDate,
  errors,
}: {
  fields: LabResultDetails;
  maxDate: string;
  errors: { date?: string; range?: string; labName?: string; note?: string };
}) {
  const w = useWhose();
  return (
    <>
      <FormField
        label="Date of the test"
        type="date"
        max={maxDate}
        value={date.value}
        onChange={(e) => date.set(e.target.value)}
        error={errors.date}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Reference range (from {w.your} report)</legend>
        <div className="grid grid-cols-2 gap-4">
          <FormField
            label="Low end"
            inputMode="decimal"
            value={low.value}
            onChange={(e) => low.set(e.target.value)}
          />
          <FormField
            label="High end"
            inputMode="decimal"
            value={high.value}
            onChange={(e) => high.set(e.target.value)}
            error={errors.range}
          />
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={critical.value} onChange={(e) => critical.set(e.target.checked)} />
        The report marks this result critical
      </label>
      <FormField
        label="Lab name (optional)"
        value={labName.value}
        onChange={(e) => labName.set(e.target.value)}
        error={errors.labName}
      />
      <FormField
        label="Note (optional)"
        value={note.value}
        onChange={(e) => note.set(e.target.value)}
        error={errors.note}
      />
    </>
  );
}
