import type { PersonCreateRequest } from '@healthfolio/core/household/household.schema';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
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
import { MODE_LABELS } from '@/features/shell/mode-labels';
import { ApiError, errorMessage } from '@/lib/api';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useAddPerson } from './household-api';

type Values = { displayName: string; dateOfBirth: string; platformMode: string; glucoseUnit: string };
type Body = z.output<typeof PersonCreateRequest>;

const FIELDS = new Set<keyof Values>(['displayName', 'dateOfBirth', 'platformMode', 'glucoseUnit']);

/** An empty date field means "not given". */
const loadSchema = async () => {
  const [{ PersonCreateRequest }, { preprocess }] = await Promise.all([
    import('@healthfolio/core/household/household.schema'),
    import('@/lib/zod-preprocess'),
  ]);
  return preprocess(
    (v) => ({ ...(v as Values), dateOfBirth: (v as Values).dateOfBirth || null }),
    PersonCreateRequest,
  ) as unknown as z.ZodType<Body, Values>;
};

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Settings → Household → Add a person: a dependent whose record the account keeps. */
export function AddPersonDialog({ onClose }: { onClose: () => void }) {
  const add = useAddPerson();
  const form = useForm<Values, unknown, Body>({
    resolver: lazyZodResolver(loadSchema),
    defaultValues: { displayName: '', dateOfBirth: '', platformMode: 'general_health', glucoseUnit: 'mg/dL' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: (person) => {
        toast.success('Person added', {
          description: `${person.displayName} is in your household. Choose them in the person switcher at the top to keep their record.`,
        });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const { path, message } of error.fieldErrors) {
            if (FIELDS.has(path as keyof Values))
              form.setError(path as keyof Values, { type: 'server', message });
          }
          if (error.fieldErrors.some((f) => FIELDS.has(f.path as keyof Values))) return;
        }
        form.setError('root', { type: 'server', message: errorMessage(error, 'Could not add the person.') });
      },
    }),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a person</DialogTitle>
          <DialogDescription>
            Keep the record of someone without their own sign-in, such as a child. You can invite a second
            guardian, and hand the record over to them later.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <FormField
            label="Name"
            autoComplete="off"
            error={errors.displayName?.message}
            {...form.register('displayName')}
          />
          <FormField
            label="Date of birth (optional)"
            type="date"
            max={today()}
            error={errors.dateOfBirth?.message}
            {...form.register('dateOfBirth')}
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor="person-mode">Platform</Label>
            <Select id="person-mode" {...form.register('platformMode')}>
              {Object.entries(MODE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="person-unit">Glucose unit</Label>
            <Select id="person-unit" {...form.register('glucoseUnit')}>
              <option value="mg/dL">mg/dL</option>
              <option value="mmol/L">mmol/L</option>
            </Select>
          </div>
          {errors.root?.message && (
            <Alert variant="destructive" role="alert">
              {errors.root.message}
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Adding…' : 'Add person'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
