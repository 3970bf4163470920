import { type ReactNode, useId } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
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
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useInsuranceLocale } from './insurance-format';
import { type FormValues, recordResolver, type SchemaName } from './record-form';

export type FieldSpec = {
  name: string;
  label: string;
  kind?: 'text' | 'money' | 'date' | 'select' | 'textarea' | 'email' | 'url' | 'tel';
  options?: readonly { value: string; label: string }[];
  required?: boolean;
  hint?: string;
  wide?: boolean;
};

// biome-ignore lint/suspicious/noExplicitAny: the fields only register inputs; the output type does not matter here.
type AnyForm = UseFormReturn<FormValues, unknown, any>;

function SelectField({ spec, form, error }: { spec: FieldSpec; form: AnyForm; error?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{spec.label}</Label>
      <Select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register(spec.name)}
      >
        {spec.options?.map((o) => (
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

function TextareaField({ spec, form, error }: { spec: FieldSpec; form: AnyForm; error?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{spec.label}</Label>
      <Textarea
        id={id}
        rows={2}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register(spec.name)}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

const INPUT_TYPE: Record<string, string> = { date: 'date', email: 'email', url: 'url', tel: 'tel' };

function Field({ spec, form }: { spec: FieldSpec; form: AnyForm }) {
  const error = form.formState.errors[spec.name]?.message;
  const { currency } = useInsuranceLocale();
  const body =
    spec.kind === 'select' ? (
      <SelectField spec={spec} form={form} error={error} />
    ) : spec.kind === 'textarea' ? (
      <TextareaField spec={spec} form={form} error={error} />
    ) : (
      <FormField
        label={`${spec.kind === 'money' ? `${spec.label} (${currency})` : spec.label}${spec.required ? ' *' : ''}`}
        required={spec.required}
        aria-required={spec.required || undefined}
        type={INPUT_TYPE[spec.kind ?? ''] ?? 'text'}
        inputMode={spec.kind === 'money' ? 'decimal' : undefined}
        autoComplete="off"
        hint={spec.hint}
        error={error}
        {...form.register(spec.name)}
      />
    );
  return <div className={cn(spec.wide && 'sm:col-span-2')}>{body}</div>;
}

/**
 * One dialog for every insurance record: the fields as specified, checked with the core schema
 * (amounts read in the user's locale), the server's own field errors shown beside the fields.
 */
export function RecordDialog<Body>({
  title,
  description,
  fields,
  defaults,
  schema,
  save,
  savedToast,
  failedToast,
  submitLabel = 'Save',
  omitEmpty,
  check,
  onClose,
  children,
}: {
  title: string;
  description: string;
  fields: readonly FieldSpec[];
  defaults: FormValues;
  schema: SchemaName;
  save: (body: Body) => Promise<unknown>;
  savedToast: string;
  failedToast: string;
  submitLabel?: string;
  /** Fields sent only when filled in (recordResolver). */
  omitEmpty?: readonly string[];
  /** The form's own check beyond the schema, said at the field before anything is sent. */
  check?: (body: Body) => { path: string; message: string } | null;
  onClose: () => void;
  children?: (form: UseFormReturn<FormValues, unknown, Body>) => ReactNode;
}) {
  const { parse } = useInsuranceLocale();
  const money = fields.filter((f) => f.kind === 'money').map((f) => f.name);
  const form = useForm<FormValues, unknown, Body>({
    resolver: recordResolver<Body>(schema, money, parse, omitEmpty, check),
    defaultValues: defaults,
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      await save(body);
      toast.success(savedToast);
      onClose();
    } catch (error) {
      const known = new Set(fields.map((f) => f.name));
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
      for (const { path, message } of fieldErrors)
        form.setError(known.has(path) ? path : 'root', { type: 'server', message });
      // The form already says what to fix: the toast does not say it a second time.
      if (fieldErrors.length) toast.error(failedToast);
      else toast.error(failedToast, { description: errorMessage(error, 'Please try again.') });
    }
  });
  const rootError = form.formState.errors.root?.message;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {description}
            {fields.some((f) => f.required) && ' Fields marked * are required.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {rootError && (
            <p role="alert" className="text-sm text-destructive">
              {rootError}
            </p>
          )}
          {children?.(form)}
          <div className="grid gap-4 sm:grid-cols-2">
            {fields.map((spec) => (
              <Field key={spec.name} spec={spec} form={form} />
            ))}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving…' : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
