import { Password } from '@healthfolio/core/auth/credentials.schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { ApiError, errorMessage } from '@/lib/api';
import { authApi } from '@/lib/auth-api';

const ChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    newPassword: Password,
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });

export function PasswordCard() {
  const form = useForm({
    resolver: zodResolver(ChangePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  });
  const change = useMutation({
    mutationFn: (v: { currentPassword: string; newPassword: string }) =>
      authApi.changePassword(v.currentPassword, v.newPassword),
    // A problem about one field (a wrong current password) shows at that field, not under the form.
    onError: (error) => {
      for (const { path, message } of error instanceof ApiError ? error.fieldErrors : [])
        if (path === 'currentPassword' || path === 'newPassword') form.setError(path, { message });
    },
    onSuccess: () => {
      form.reset();
      toast.success('Success!', {
        description: 'Your password has been changed. Your other sessions were signed out.',
      });
    },
  });
  const { errors } = form.formState;
  const fieldProblem = change.error instanceof ApiError && change.error.fieldErrors.length > 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing your password signs out every other session.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={(e) => {
            // The last attempt's answer goes: only this attempt's problems show.
            change.reset();
            return form.handleSubmit((v) => change.mutate(v))(e);
          }}
          className="flex flex-col gap-4"
        >
          <FormField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <NewPasswordFields form={form} />
          {change.isError && !fieldProblem && (
            <Alert variant="destructive" role="alert">
              {errorMessage(change.error, 'Could not change the password.')}
            </Alert>
          )}
          <Button type="submit" className="self-start" disabled={change.isPending}>
            Change password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
