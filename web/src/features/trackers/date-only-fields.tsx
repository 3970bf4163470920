import type { EntryResponse } from '@healthfolio/core';
import { zoneWords } from '@healthfolio/core/text/zone-words';
import { partialDateWords } from '@healthfolio/core/units/date-precision';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { isMonthOrYearOnly } from './date-only-when';
import { errorOf, type FieldsProps } from './field-helpers';

/**
 * The date of an entry its record dated only by day, month or year: a date field and an empty time
 * field, no time made up. A month or year is shown as the record gave it (no day made up either),
 * until the person chooses to set a full date.
 */
export function DateOnlyFields({
  form,
  entry,
  timeZone,
}: FieldsProps & { entry: EntryResponse; timeZone: string }) {
  const [settingDate, setSettingDate] = useState(false);
  const { errors } = form.formState;
  // The date field takes the place of the button that opened it: the focus goes on to it.
  useEffect(() => {
    if (settingDate) form.setFocus('occurredAt');
  }, [settingDate, form]);
  if (isMonthOrYearOnly(entry) && !settingDate)
    return (
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">Date</legend>
        <p className="text-sm">{partialDateWords(entry.occurredAt, entry.occurredPrecision!)}</p>
        <p className="text-xs text-muted-foreground">
          The record gave only the {entry.occurredPrecision === 'month' ? 'month' : 'year'}.
        </p>
        <Button type="button" variant="outline" className="self-start" onClick={() => setSettingDate(true)}>
          Set a full date
        </Button>
      </fieldset>
    );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        label="Date"
        type="date"
        required
        error={errorOf(errors, 'occurredAt')}
        {...form.register('occurredAt')}
      />
      <FormField
        label="Time"
        type="time"
        hint={`The record gave no time. Enter one if you know it (time zone: ${zoneWords(timeZone)}).`}
        {...form.register('occurredTime')}
      />
    </div>
  );
}
