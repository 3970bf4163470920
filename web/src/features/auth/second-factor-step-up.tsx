import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { secondFactorKeys } from '@/features/settings/use-second-factor';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { TwoFactorStep } from './two-factor-step';

/**
 * What an admin signed in without their second factor (Continue with Google asks for none) sees
 * instead of the console: the code or a passkey, then the console (the API refuses them until then).
 */
export function SecondFactorStepUp({ totp, passkeys }: { totp: boolean; passkeys: number }) {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: secondFactorKeys.status });
  return (
    <Card className="mx-auto max-w-md">
      <CardHeader className="items-start">
        <ShieldAlert className="mb-2 size-8 text-primary" aria-hidden="true" />
        <CardTitle>Confirm it's you</CardTitle>
        <CardDescription>
          This sign-in did not ask for your second step. Admin features need it:{' '}
          {totp && passkeys > 0
            ? 'enter a code from your authenticator app, or use a passkey.'
            : totp
              ? 'enter a code from your authenticator app.'
              : 'use your passkey.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {totp && <TwoFactorStep title="Authenticator code" onVerified={done} />}
        {passkeys > 0 && <PasskeySignInButton label="Confirm with a passkey" onDone={done} />}
      </CardContent>
    </Card>
  );
}
