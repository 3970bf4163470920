import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { authApi } from '@/lib/auth-api';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthLayout } from './auth-layout';

export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const invalid = params.get('error') !== null || !token;
  const form = useForm({
    resolver: lazyZodResolver(async () => (await import('./reset-form.schema')).ResetForm),
    defaultValues: { newPassword: '', confirm: '' },
  });
  const reset = useMutation({
    mutationFn: (newPassword: string) => authApi.resetPassword(newPassword, token ?? ''),
    onSuccess: () => {
      toast.success('Success!', { description: 'Your password has been changed. Sign in with the new one.' });
      navigate('/auth', { replace: true });
    },
  });

  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">Choose a new password</h1>
          <CardDescription>Pick a password you do not use anywhere else.</CardDescription>
        </CardHeader>
        <CardContent>
          {invalid ? (
            <Alert variant="destructive" role="alert" className="flex flex-col gap-3">
              <p>
                This password reset link is invalid or has expired. Request a new one from the sign-in page.
              </p>
              <Link to="/auth" className="font-medium underline underline-offset-4">
                Back to sign in
              </Link>
            </Alert>
          ) : (
            <form
              noValidate
              className="flex flex-col gap-4"
              onSubmit={form.handleSubmit((v) => reset.mutate(v.newPassword))}
            >
              <NewPasswordFields form={form} />
              {reset.isError && (
                <Alert variant="destructive" role="alert">
                  {errorMessage(reset.error, 'Could not reset the password.')}
                </Alert>
              )}
              <Button type="submit" disabled={reset.isPending}>
                Reset password
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
