import {
  convertLabValue,
  defaultReferenceRange,
  highEndExclusive,
  LAB_CRITICAL_ADVICE,
  roundLabValue,
} from '@healthfolio/core/labs/lab-units';
import type { LabTestDefinition } from '@healthfolio/core/labs/loinc-subset';
import { ucumLabel } from '@healthfolio/core/labs/ucum-labels';
import { parseDecimalInput } from '@healthfolio/core/units/round';
import { useState } from 'react';
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
import { todayIn } from '@/features/diabetes/format';
import { useWhose } from '@/features/household/whose';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { ApiError, errorMessage } from '@/lib/api';
import { LabResultDetailsFields } from './lab-result-details-fields';
import { useAddLabResult } from './labs-api';
import { LoincCombobox } from './loinc-combobox';
import { numericValueError } from './value-check';

type Errors = Partial<Record<'test' | 'value' | 'date' | 'range', string>>;

const numberOrNull = (s: string) => (s.trim() === '' ? null : parseDecimalInput(s));
const shown = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** "Add a result": the test from the LOINC subset, the value in a unit the test may be reported in. */
export function AddLabResultDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { profile } = useDashboardContext();
  const w = useWhose();
  const add = useAddLabResult();
  const [test, setTest] = useState<LabTestDefinition | null>(null);
  const [unit, setUnit] = useState('');
  const [value, setValue] = useState('');
  const [date, setDate] = useState(todayIn(profile.timezone));
  const [low, setLow] = useState('');
  const [high, setHigh] = useState('');
  const [critical, setCritical] = useState(false);
  const [labName, setLabName] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const applyRange = (t: LabTestDefinition, u: string) => {
    const r = defaultReferenceRange(t.loinc, u);
    setLow(shown(r?.low));
    setHigh(shown(r?.high));
  };
  const chooseTest = (t: LabTestDefinition) => {
    setTest(t);
    setUnit(t.units[0]!.ucum);
    applyRange(t, t.units[0]!.ucum);
  };
  const chooseUnit = (u: string) => {
    setUnit(u);
    if (test) applyRange(test, u);
  };

  const n = parseDecimalInput(value);
  const main = test?.units[0];
  const converted =
    test && main && n !== null && unit !== main.ucum ? convertLabValue(test.loinc, n, unit, main.ucum) : null;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!test) next.test = 'Choose a test from the list';
    const valueError = numericValueError(value);
    if (valueError) next.value = valueError;
    const today = todayIn(profile.timezone);
    if (!date) next.date = 'Enter the date of the test';
    else if (date > today) next.date = 'Cannot be in the future';
    const lo = numberOrNull(low);
    const hi = numberOrNull(high);
    if (lo !== null && hi !== null && lo > hi) next.range = 'The low end must not be above the high end';
    setErrors(next);
    if (Object.keys(next).length > 0 || !test || n === null) return;
    const shipped = defaultReferenceRange(test.loinc, unit);
    try {
      await add.mutateAsync({
        testName: test.name,
        loinc: test.loinc,
        value: n,
        unit,
        referenceLow: lo,
        referenceHigh: hi,
        referenceHighExclusive: highEndExclusive(shipped, hi),
        referenceText: shipped?.text ?? null,
        flag: critical ? 'critical' : null,
        // The date alone: the result is dated by its day, with no time nobody typed.
        effectiveAt: date,
        labName: labName.trim() || null,
        note: note.trim() || null,
      });
      if (critical) toast.warning(`${test.name} result added`, { description: LAB_CRITICAL_ADVICE });
      else toast.success(`${test.name} result added`);
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setErrors({ value: err.message });
      toast.error(errorMessage(err, 'Could not add the result'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a result</DialogTitle>
          <DialogDescription>Copy a result from {w.your} lab report.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={save} className="flex flex-col gap-4">
          <LoincCombobox value={test} onChange={chooseTest} error={errors.test} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Value"
              inputMode="decimal"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={errors.value}
              hint={
                converted !== null && main
                  ? `That is ${roundLabValue(converted)} ${ucumLabel(main.ucum)}.`
                  : undefined
              }
            />
            <div className="flex flex-col gap-2">
              <Label htmlFor="lab-unit">Unit</Label>
              <Select
                id="lab-unit"
                value={unit}
                onChange={(e) => chooseUnit(e.target.value)}
                disabled={!test}
              >
                {!test && <option value="">Choose a test first</option>}
                {test?.units.map((u) => (
                  <option key={u.ucum} value={u.ucum}>
                    {u.label}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <LabResultDetailsFields
            fields={{
              date: { value: date, set: setDate },
              low: { value: low, set: setLow },
              high: { value: high, set: setHigh },
              critical: { value: critical, set: setCritical },
              labName: { value: labName, set: setLabName },
              note: { value: note, set: setNote },
            }}
            maxDate={todayIn(profile.timezone)}
            errors={errors}
          />
          <DialogFooter>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Adding…' : 'Add result'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
