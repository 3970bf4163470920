import type { LabResultUpdateRequest } from '@healthfolio/core';
import { highEndExclusive } from '@healthfolio/core/labs/lab-units';
import { findLabTest } from '@healthfolio/core/labs/loinc-subset';
import { recordDay } from '@healthfolio/core/units/date-precision';
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
import { type LabResultResponse, useUpdateLabResult } from './labs-api';
import { unitChoiceLabel } from './unit-words';
import { numericValueError } from './value-check';

type Field = 'value' | 'unit' | 'date' | 'range' | 'labName' | 'note';
type Errors = Partial<Record<Field, string>>;

const numberOrNull = (s: string) => (s.trim() === '' ? null : parseDecimalInput(s));
const shown = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
/** The result's day as the date field shows it: the record's own day for one dated only so, not moved by the zone. */
const dayOf = (r: LabResultResponse, timeZone: string) =>
  recordDay(r.effectiveAt, r.effectivePrecision, timeZone);
/** The server's field paths, as the fields of this form show them. */
const FIELD_OF: Record<string, Field> = {
  value: 'value',
  valueText: 'value',
  unit: 'unit',
  effectiveAt: 'date',
  referenceLow: 'range',
  referenceHigh: 'range',
  labName: 'labName',
  note: 'note',
};

/**
 * "Edit result": corrects a typed or imported result (value, unit, date, range, the critical mark,
 * lab and note). Only what changed is sent; the server checks the corrected result as a whole and
 * works the flag out again from the new value and range.
 */
export function EditLabResultDialog({ result, onClose }: { result: LabResultResponse; onClose: () => void }) {
  const { profile } = useDashboardContext();
  const w = useWhose();
  const tz = profile.timezone;
  const update = useUpdateLabResult();
  const test = findLabTest(result.loinc);
  const numeric = result.value !== null;
  const [value, setValue] = useState(numeric ? shown(result.value) : (result.valueText ?? ''));
  const [unit, setUnit] = useState(result.unit ?? '');
  const [date, setDate] = useState(dayOf(result, tz));
  const [low, setLow] = useState(shown(result.referenceLow));
  const [high, setHigh] = useState(shown(result.referenceHigh));
  const [critical, setCritical] = useState(result.flag === 'critical');
  const [labName, setLabName] = useState(result.labName ?? '');
  const [note, setNote] = useState(result.note ?? '');
  const [errors, setErrors] = useState<Errors>({});
  // The units the test may be reported in, and the result's own if it is another.
  const units = [
    ...(test?.units ?? []),
    ...(result.unit && !test?.units.some((u) => u.ucum === result.unit)
      ? [{ ucum: result.unit, label: unitChoiceLabel(result.unit) }]
      : []),
  ];

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    const n = numeric ? parseDecimalInput(value) : null;
    const valueError = numeric ? numericValueError(value) : null;
    if (valueError) next.value = valueError;
    if (!numeric && !value.trim()) next.value = 'Enter the value';
    const today = todayIn(tz);
    if (!date) next.date = 'Enter the date of the test';
    else if (date > today) next.date = 'Cannot be in the future';
    const lo = numberOrNull(low);
    const hi = numberOrNull(high);
    if ((low.trim() && lo === null) || (high.trim() && hi === null))
      next.range = 'Enter the ends of the range as numbers';
    else if (lo !== null && hi !== null && lo > hi) next.range = 'The low end must not be above the high end';
    setErrors(next);
    if (Object.keys(next).length > 0) return;

    const patch: LabResultUpdateRequest = {};
    if (numeric && n !== result.value) patch.value = n;
    if (!numeric && value.trim() !== result.valueText) patch.valueText = value.trim();
    if (numeric && unit !== (result.unit ?? '')) patch.unit = unit || null;
    // A new date alone dates the result by its day; left alone, the date keeps its time or precision.
    if (date !== dayOf(result, tz)) patch.effectiveAt = date;
    if (lo !== result.referenceLow) patch.referenceLow = lo;
    if (hi !== result.referenceHigh) patch.referenceHigh = hi;
    const exclusive = highEndExclusive(
      { high: result.referenceHigh, highExclusive: result.referenceHighExclusive },
      hi,
    );
    if (exclusive !== result.referenceHighExclusive) patch.referenceHighExclusive = exclusive;
    // Unmarked, the flag is worked out from the value and range again.
    if (critical !== (result.flag === 'critical')) patch.flag = critical ? 'critical' : null;
    if ((labName.trim() || null) !== result.labName) patch.labName = labName.trim() || null;
    if ((note.trim() || null) !== result.note) patch.note = note.trim() || null;
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    try {
      await update.mutateAsync({ id: result.id, body: patch });
      toast.success('Result updated');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length)
        setErrors(
          Object.fromEntries(
            err.fieldErrors.map((f) => [FIELD_OF[f.path] ?? 'value', f.message] as const).reverse(),
          ),
        );
      toast.error(errorMessage(err, 'Could not update the result'));
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit result</DialogTitle>
          <DialogDescription>
            {result.testName} (LOINC {result.loinc}). Correct it as {w.your} lab report has it.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={save} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Value"
              inputMode={numeric ? 'decimal' : 'text'}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={errors.value}
            />
            {numeric && units.length > 0 && (
              <div className="flex flex-col gap-2">
                <Label htmlFor="lab-edit-unit">Unit</Label>
                <Select id="lab-edit-unit" value={unit} onChange={(e) => setUnit(e.target.value)}>
                  {units.map((u) => (
                    <option key={u.ucum} value={u.ucum}>
                      {u.label}
                    </option>
                  ))}
                </Select>
              </div>
            )}
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
            maxDate={todayIn(tz)}
            errors={errors}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
