import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';

/**
 * A new password and its confirmation (reset, change, taking over a record): the form's `newPassword`
 * and `confirm` fields, checked by the rules in features/auth/reset-form.schema.ts or beside it.
 */
export function NewPasswordFields<T extends FieldValues & { newPassword: string; confirm: string }>({
  form,
  label = 'New password',
}: {
  form: UseFormReturn<T>;
  label?: string;
}) {
  const { errors } = form.formState;
  return (
    <>
      <FormField
        label={label}
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.newPassword?.message as string | undefined}
        {...form.register('newPassword' as Path<T>)}
      />
      <FormField
        label={`Confirm ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message as string | undefined}
        {...form.register('confirm' as Path<T>)}
      />
    </>
  );
}
