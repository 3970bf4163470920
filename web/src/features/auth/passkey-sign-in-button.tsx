import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { passkeyErrorMessage, secondFactorApi } from '@/lib/second-factor-api';
import { queryKeys } from '@/lib/session';

/** A passkey replaces both the password and the code: the browser asks which one to use. */
export function PasskeySignInButton() {
  const client = useQueryClient();
  const signIn = useMutation({
    mutationFn: secondFactorApi.signInWithPasskey,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.session }),
  });
  return (
    <div className="flex flex-col gap-2">
      <Button variant="outline" disabled={signIn.isPending} onClick={() => signIn.mutate()}>
        <KeyRound aria-hidden="true" />
        {signIn.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
      {signIn.isError && (
        <Alert variant="destructive" role="alert">
          {passkeyErrorMessage(signIn.error, 'Could not sign in with a passkey.')}
        </Alert>
      )}
    </div>
  );
}
