import { GLUCOSE_TIMINGS, MEAL_TYPES } from '@healthfolio/core/trackers/enums';
import { useForm } from 'react-hook-form';
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
import { errorMessage } from '@/lib/api';
import { isoToLocalInput, localInputToIso, useGlucoseFormat } from './format';
import { useCreateEntry } from './glucose-api';

export type QuickLogKind = 'blood-glucose' | 'meal';

type Values = {
  when: string;
  glucose: string;
  timing: string;
  mealType: string;
  value: string;
  carbs: string;
  calories: string;
  notes: string;
};

const words = (s: string) => s.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
const optionalNumber = (s: string) => (s.trim() === '' ? undefined : Number(s));
const wholeOrEmpty = (what: string) => (s: string) =>
  s.trim() === '' || /^\d+$/.test(s.trim()) || `${what} accepts digits only`;

/**
 * "Log Blood Glucose" / "Log Meal" for the diabetes home (date and time, the tracker's fields,
 * notes, Cancel and Save). Glucose is typed in the user's unit and stored in mg/dL.
 */
export function QuickLogDialog({ kind, onClose }: { kind: QuickLogKind; onClose: () => void }) {
  const fmt = useGlucoseFormat();
  const create = useCreateEntry();
  const title = kind === 'meal' ? 'Meal' : 'Blood Glucose';
  const form = useForm<Values>({
    defaultValues: {
      when: isoToLocalInput(Date.now(), fmt.timeZone),
      glucose: '',
      timing: '',
      mealType: '',
      value: '',
      carbs: '',
      calories: '',
      notes: '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const save = form.handleSubmit(async (v) => {
    const occurredAt = localInputToIso(v.when, fmt.timeZone);
    if (!occurredAt) return form.setError('when', { message: 'Date and time are required' });
    const notes = v.notes.trim() || undefined;
    try {
      if (kind === 'blood-glucose') {
        const glucose = fmt.parse(v.glucose);
        if (glucose === null) return form.setError('glucose', { message: 'Enter a glucose value' });
        await create.mutateAsync({
          tracker: 'blood-glucose',
          occurredAt,
          notes,
          data: {
            glucose,
            timing: (v.timing || undefined) as (typeof GLUCOSE_TIMINGS)[number] | undefined,
            carbsConsumed: optionalNumber(v.carbs),
          },
        });
      } else {
        await create.mutateAsync({
          tracker: 'meal',
          occurredAt,
          notes,
          data: {
            mealType: (v.mealType || undefined) as (typeof MEAL_TYPES)[number] | undefined,
            value: v.value.trim() || undefined,
            carbs: optionalNumber(v.carbs),
            calories: optionalNumber(v.calories),
          },
        });
      }
      toast.success(`Saved ${title}`, {
        description: kind === 'meal' ? 'Your meal was recorded.' : 'Your entry was recorded.',
      });
      onClose();
    } catch (error) {
      toast.error('Save failed', { description: errorMessage(error, 'The entry was not saved.') });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Log {title}</DialogTitle>
          <DialogDescription>
            {kind === 'meal' ? 'What you ate and its carbs.' : `Your reading in ${fmt.unit}.`}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={save} className="flex flex-col gap-4">
          <FormField
            label="Date and time"
            type="datetime-local"
            error={errors.when?.message}
            {...form.register('when', { required: 'Date and time are required' })}
          />
          {kind === 'blood-glucose' ? (
            <>
              <FormField
                label={`Glucose (${fmt.unit})`}
                inputMode="decimal"
                autoFocus
                error={errors.glucose?.message}
                {...form.register('glucose', {
                  validate: (s) => fmt.parse(s) !== null || 'Enter a glucose value',
                })}
              />
              <div className="flex flex-col gap-2">
                <Label htmlFor="quick-timing">Timing</Label>
                <Select id="quick-timing" {...form.register('timing')}>
                  <option value="">Not specified</option>
                  {GLUCOSE_TIMINGS.map((t) => (
                    <option key={t} value={t}>
                      {words(t)}
                    </option>
                  ))}
                </Select>
              </div>
              <FormField
                label="Carbs consumed (g)"
                inputMode="numeric"
                error={errors.carbs?.message}
                {...form.register('carbs', { validate: wholeOrEmpty('Carbs') })}
              />
            </>
          ) : (
            <>
              <div className="flex flex-col gap-2">
                <Label htmlFor="quick-meal-type">Meal type</Label>
                <Select id="quick-meal-type" {...form.register('mealType')}>
                  <option value="">Not specified</option>
                  {MEAL_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {words(t)}
                    </option>
                  ))}
                </Select>
              </div>
              <FormField label="Food description" autoFocus {...form.register('value')} />
              <div className="grid grid-cols-2 gap-3">
                <FormField
                  label="Carbs (g)"
                  inputMode="numeric"
                  error={errors.carbs?.message}
                  {...form.register('carbs', { validate: wholeOrEmpty('Carbs') })}
                />
                <FormField
                  label="Calories"
                  inputMode="numeric"
                  error={errors.calories?.message}
                  {...form.register('calories', { validate: wholeOrEmpty('Calories') })}
                />
              </div>
            </>
          )}
          <FormField label="Notes" {...form.register('notes')} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
