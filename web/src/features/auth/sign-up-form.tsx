import type { SignUpRequest, UserType } from '@healthfolio/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api';
import { authApi } from '@/lib/auth-api';
import { lazyZodResolver, loadCore } from '@/lib/lazy-resolver';
import { queryKeys } from '@/lib/session';

export const SIGN_UP_SENT =
  "Check your email to confirm your account. You'll set up your preferences after confirmation.";

type Values = z.input<typeof SignUpRequest>;

/**
 * `userType` is the platform chosen before signing up (/auth?type=…): sent with the account, with the
 * browser's zone, so the profile is set up with them once the address is confirmed, on any device.
 */
export function SignUpForm({ userType }: { userType?: UserType }) {
  const providers = useQuery({
    queryKey: queryKeys.providers,
    queryFn: authApi.providers,
    staleTime: Infinity,
  });
  const form = useForm<Values, unknown, z.output<typeof SignUpRequest>>({
    resolver: lazyZodResolver(async () => (await loadCore()).SignUpRequest),
    defaultValues: { name: '', email: '', password: '' },
  });
  const signUp = useMutation({ mutationFn: authApi.signUp });
  const { errors } = form.formState;

  if (signUp.isSuccess) {
    return (
      <Alert role="status" className="flex flex-col items-center gap-3 py-6 text-center">
        <MailCheck className="size-8 text-primary" aria-hidden="true" />
        <p className="font-medium">{SIGN_UP_SENT}</p>
        {providers.data?.emailDelivery === 'outbox' && (
          <p className="text-muted-foreground">
            This server has no mail delivery set up, so the message is kept in its outbox; ask the person who
            runs it for your confirmation link.
          </p>
        )}
      </Alert>
    );
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ name, ...rest }) =>
        signUp.mutate({
          ...rest,
          ...(name ? { name } : {}),
          ...(userType ? { userType } : {}),
          timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        }),
      )}
    >
      <FormField
        label="Name (optional)"
        autoComplete="name"
        error={errors.name?.message}
        {...form.register('name')}
      />
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
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...form.register('password')}
      />
      {signUp.isError && (
        <Alert variant="destructive" role="alert">
          {errorMessage(signUp.error, 'Sign-up failed. Please try again.')}
        </Alert>
      )}
      <Button type="submit" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating account…' : 'Sign Up'}
      </Button>
    </form>
  );
}
