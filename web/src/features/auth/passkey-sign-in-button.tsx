import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { queryKeys } from '@/lib/session';

/**
 * A passkey replaces both the password and the code: the browser asks which one to use. The passkey
 * code (API calls and WebAuthn) loads on the click, so the sign-in page's first load stays small.
 */
export function PasskeySignInButton({
  label = 'Sign in with a passkey',
  onDone,
}: {
  label?: string;
  onDone?: () => unknown;
} = {}) {
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signIn = async () => {
    setPending(true);
    setError(null);
    const api = import('@/lib/second-factor-api');
    try {
      await (await api).secondFactorApi.signInWithPasskey();
      await client.invalidateQueries({ queryKey: queryKeys.session });
      await onDone?.();
    } catch (err) {
      const message = await api.then(
        (m) => m.passkeyErrorMessage(err, 'Could not sign in with a passkey.'),
        () => 'Could not sign in with a passkey. Please check your connection and try again.',
      );
      setError(message);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <Button variant="outline" disabled={pending} onClick={() => void signIn()}>
        <KeyRound aria-hidden="true" />
        {pending ? 'Waiting for your passkey…' : label}
      </Button>
      {error && (
        <Alert variant="destructive" role="alert">
          {error}
        </Alert>
      )}
    </div>
  );
}
