import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api';
import { secondFactorApi } from '@/lib/second-factor-api';
import { queryKeys } from '@/lib/session';

type Method = 'totp' | 'backup';

const COPY: Record<Method, { label: string; hint: string; other: string }> = {
  totp: {
    label: 'Authentication code',
    hint: 'Open your authenticator app and enter the 6-digit code it shows for Healthfolio.',
    other: 'Use a backup code instead',
  },
  backup: {
    label: 'Backup code',
    hint: 'Enter one of the backup codes you saved when you set up two-factor sign-in. Each works once.',
    other: 'Use your authenticator app instead',
  },
};

/**
 * The second step of a password sign-in for an account with an authenticator app; also the step-up
 * of a session signed in without it (an admin after Google: `title`, `onVerified`, no way back).
 */
export function TwoFactorStep({
  onBack,
  title = 'Two-factor sign-in',
  onVerified,
}: {
  onBack?: () => void;
  title?: string;
  onVerified?: () => unknown;
}) {
  const client = useQueryClient();
  const [method, setMethod] = useState<Method>('totp');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const verify = useMutation({
    mutationFn: (c: string) =>
      method === 'totp' ? secondFactorApi.verifyTotp(c) : secondFactorApi.verifyBackupCode(c),
    onSuccess: () => (onVerified ? onVerified() : client.invalidateQueries({ queryKey: queryKeys.session })),
  });
  const copy = COPY[method];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The code rules (and zod) load on the first submit, not with the page.
    const { BackupCode, TotpCode } = await import('@healthfolio/core/auth/two-factor.schema');
    const parsed = (method === 'totp' ? TotpCode : BackupCode).safeParse(code);
    setInvalid(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter the code'));
    if (parsed.success) verify.mutate(parsed.data);
  };
  const switchMethod = () => {
    setMethod(method === 'totp' ? 'backup' : 'totp');
    setCode('');
    setInvalid(null);
    verify.reset();
  };

  return (
    <div className="flex flex-col gap-2">
      <form noValidate className="flex flex-col gap-4" onSubmit={submit} aria-labelledby="two-factor-heading">
        <div className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          <h2 id="two-factor-heading" className="text-lg font-semibold">
            {title}
          </h2>
        </div>
        <FormField
          key={method}
          label={copy.label}
          hint={copy.hint}
          inputMode={method === 'totp' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={invalid ?? undefined}
        />
        {verify.isError && (
          <Alert variant="destructive" role="alert">
            {errorMessage(verify.error, 'That code did not work. Please try again.')}
          </Alert>
        )}
        <Button type="submit" disabled={verify.isPending || verify.isSuccess}>
          {verify.isPending ? 'Verifying…' : 'Verify'}
        </Button>
      </form>
      <Button variant="link" className="self-center" onClick={switchMethod}>
        {copy.other}
      </Button>
      {onBack && (
        <Button variant="link" className="self-center" onClick={onBack}>
          Back to sign in
        </Button>
      )}
    </div>
  );
}
