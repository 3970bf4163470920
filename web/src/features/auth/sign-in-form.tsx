import type { SignInRequest } from '@healthfolio/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api';
import { authApi } from '@/lib/auth-api';
import { lazyZodResolver, loadCore } from '@/lib/lazy-resolver';
import type { SignInStep } from '@/lib/second-factor-api';
import { queryKeys } from '@/lib/session';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { isUnconfirmedEmail } from './sign-in-problem';

const ForgotPasswordDialog = lazy(() =>
  import('./forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);

type Values = z.input<typeof SignInRequest>;

/** Email and password; `onCodeStep` when the account asks for its second factor (the page shows that step alone). */
export function SignInForm({ onCodeStep }: { onCodeStep: () => void }) {
  const client = useQueryClient();
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const forgotButton = useRef<HTMLButtonElement>(null);
  const form = useForm<Values, unknown, z.output<typeof SignInRequest>>({
    resolver: lazyZodResolver(async () => (await loadCore()).SignInRequest),
    defaultValues: { email: '', password: '' },
  });
  const signIn = useMutation({
    mutationFn: authApi.signIn as (body: { email: string; password: string }) => Promise<SignInStep>,
    onMutate: () => setUnconfirmed(null),
    onSuccess: (step) => {
      if (step.twoFactorRedirect) onCodeStep();
      else void client.invalidateQueries({ queryKey: queryKeys.session });
    },
    onError: (error, values) => {
      if (isUnconfirmedEmail(error)) setUnconfirmed(values.email);
    },
  });
  const resend = useMutation({ mutationFn: authApi.resendVerification });
  const { errors } = form.formState;
  const showServerError = signIn.isError && !unconfirmed;

  return (
    <div className="flex flex-col gap-2">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => signIn.mutate(values))}
      >
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        {showServerError && (
          <Alert variant="destructive" role="alert">
            {errorMessage(signIn.error, 'Sign-in failed. Please try again.')}
          </Alert>
        )}
        {unconfirmed && (
          <Alert role="alert" className="flex flex-col gap-3">
            <p>
              Your email address <strong>{unconfirmed}</strong> is not confirmed yet. Open the link in the
              confirmation email we sent you, then sign in.
            </p>
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              disabled={resend.isPending}
              onClick={() => resend.mutate(unconfirmed)}
            >
              Resend confirmation email
            </Button>
            {resend.isSuccess && (
              <p role="status">A new confirmation email is on its way to {unconfirmed}.</p>
            )}
            {resend.isError && (
              <p className="text-destructive">{errorMessage(resend.error, 'Could not send the email.')}</p>
            )}
          </Alert>
        )}
        <Button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
      </form>
      <Button ref={forgotButton} variant="link" className="self-center" onClick={() => setForgotOpen(true)}>
        Forgot password?
      </Button>
      <PasskeySignInButton />
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            defaultEmail={form.getValues('email')}
            onClose={() => setForgotOpen(false)}
            returnFocusTo={forgotButton}
          />
        </Suspense>
      )}
    </div>
  );
}
