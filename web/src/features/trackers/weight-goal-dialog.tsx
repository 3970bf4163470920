import type { WeightGoal } from '@healthfolio/core';
import { useId } from 'react';
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
import { useWhose } from '@/features/household/whose';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { lazyZodResolver, loadCore } from '@/lib/lazy-resolver';
import { useUpdateProfile } from '@/lib/session';

const resolver = lazyZodResolver<WeightGoal, WeightGoal>(() => loadCore().then((core) => core.WeightGoal));

/** "Set Goal": the goal weight, kept in the profile so every device shows the same progress. */
export function WeightGoalDialog({ onClose }: { onClose: () => void }) {
  const { weightGoal } = useDashboardContext().profile;
  const w = useWhose();
  const update = useUpdateProfile();
  const unitId = useId();
  const form = useForm<WeightGoal, unknown, WeightGoal>({
    resolver,
    defaultValues: weightGoal ?? { value: undefined as unknown as number, unit: 'lbs' },
  });
  const save = form.handleSubmit((goal) =>
    update.mutate(
      { weightGoal: goal },
      {
        onSuccess: () => {
          toast.success('Goal saved', {
            description: `${w.Your} goal weight is ${goal.value} ${goal.unit}.`,
          });
          onClose();
        },
        onError: (error) =>
          toast.error('Save failed', { description: errorMessage(error, 'The goal was not saved.') }),
      },
    ),
  );
  const clear = () =>
    update.mutate(
      { weightGoal: null },
      {
        onSuccess: () => {
          toast.success('Goal removed');
          onClose();
        },
        onError: (error) =>
          toast.error('Save failed', { description: errorMessage(error, 'The goal was not removed.') }),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set Goal</DialogTitle>
          <DialogDescription>
            Progress is measured from {w.your} first logged weight to this goal.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={save} className="flex flex-col gap-4">
          <div className="grid grid-cols-[1fr_7rem] items-start gap-3">
            <FormField
              label="Goal weight"
              type="number"
              inputMode="decimal"
              step={0.1}
              min={0}
              max={1000}
              error={form.formState.errors.value?.message}
              {...form.register('value', { valueAsNumber: true })}
            />
            <div className="flex flex-col gap-2">
              <Label htmlFor={unitId}>Unit</Label>
              <Select id={unitId} {...form.register('unit')}>
                <option value="lbs">lbs</option>
                <option value="kg">kg</option>
              </Select>
            </div>
          </div>
          <DialogFooter>
            {weightGoal && (
              <Button variant="ghost" onClick={clear} disabled={update.isPending} className="sm:mr-auto">
                Remove goal
              </Button>
            )}
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
