import { HBA1C_LOINC, HBA1C_TEST_NAME, HBA1C_UNIT } from '@healthfolio/core/labs/hba1c';
import { isDateNotInFuture } from '@healthfolio/core/units/not-in-future';
import { parseDecimalInput } from '@healthfolio/core/units/round';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { localInputToIso, todayIn, useGlucoseFormat } from '@/features/diabetes/format';
import { useAddLabResult } from '@/features/labs/labs-api';
import { ApiError } from '@/lib/api';

const FUTURE = 'Cannot be in the future';

type Values = { value: string; testDate: string; labName: string; notes: string };

const earliest = (a: string | null, b: string) => (a !== null && Date.parse(a) < Date.parse(b) ? a : b);

export function A1cForm() {
  const fmt = useGlucoseFormat();
  const create = useAddLabResult();
  const form = useForm<Values>({
    defaultValues: { value: '', testDate: todayIn(fmt.timeZone), labName: '', notes: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const save = form.handleSubmit(
    async (v) => {
      const value = parseDecimalInput(v.value);
      if (value === null) return;
      try {
        // An A1C result is a lab result (LOINC 4548-4); its range (below 5.7%, ADA) is the one the
        // server gives every A1c result without a range of its own, typed or imported.
        await create.mutateAsync({
          testName: HBA1C_TEST_NAME,
          loinc: HBA1C_LOINC,
          value,
          unit: HBA1C_UNIT,
          // Noon of the test day in the user's zone, so it lists on that day; a test of today logged
          // in the morning is dated now (nothing is dated in the future).
          effectiveAt: earliest(
            localInputToIso(`${v.testDate}T12:00`, fmt.timeZone),
            new Date().toISOString(),
          ),
          labName: v.labName.trim() || undefined,
          note: v.notes.trim() || undefined,
        });
        toast.success('A1C reading added successfully');
        form.reset({ value: '', testDate: todayIn(fmt.timeZone), labName: '', notes: '' });
      } catch (err) {
        const dateError = err instanceof ApiError && err.fieldErrors.find((e) => e.path === 'effectiveAt');
        if (dateError) form.setError('testDate', { message: dateError.message });
        toast.error('Failed to add A1C reading');
      }
    },
    (invalid) => {
      if (invalid.value?.type === 'required' || invalid.testDate?.type === 'required') {
        toast.error('Please fill in required fields');
      }
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add A1C reading</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={save} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="A1C (%)"
              type="number"
              step="0.1"
              min="3"
              max="20"
              inputMode="decimal"
              required
              error={errors.value?.message}
              {...form.register('value', {
                required: 'Please fill in required fields',
                validate: (s) => {
                  const n = parseDecimalInput(s);
                  if (n === null) return 'Enter the A1C as a number';
                  return (n >= 3 && n <= 20) || 'A1C must be between 3% and 20%';
                },
              })}
            />
            <FormField
              label="Test date"
              type="date"
              required
              max={todayIn(fmt.timeZone)}
              error={errors.testDate?.message}
              {...form.register('testDate', {
                required: 'Please fill in required fields',
                // Today in the user's zone at the latest: a 2030 test would become "Latest A1C".
                validate: (d) => (d <= todayIn(fmt.timeZone) && isDateNotInFuture(d)) || FUTURE,
              })}
            />
          </div>
          <FormField label="Lab name (optional)" {...form.register('labName')} />
          <FormField label="Notes (optional)" {...form.register('notes')} />
          <Button type="submit" className="self-start" disabled={isSubmitting}>
            {isSubmitting ? 'Adding…' : 'Add reading'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
