import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { type Passkey, passkeyErrorMessage, secondFactorApi } from '@/lib/second-factor-api';
import { formatDate } from '@/lib/zoned-format';
import { PasswordDialog } from './password-dialog';
import { secondFactorKeys, usePasskeys } from './use-second-factor';

/** The account's passkeys: add one (the browser or a security key makes it), remove one. */
export function PasskeyList() {
  const zone = useDashboardContext().profile.timezone;
  const added = (p: Passkey) => (p.createdAt ? formatDate(p.createdAt, zone) : null);
  const client = useQueryClient();
  const list = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: secondFactorKeys.status });
  const add = useMutation({
    mutationFn: (password: string) => secondFactorApi.addPasskey(password, name.trim() || 'Passkey'),
    onSuccess: () => {
      setAdding(false);
      setName('');
      void refresh();
      toast.success('Success!', { description: 'Your passkey was added.' });
    },
  });
  const remove = useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      secondFactorApi.removePasskey(id, password),
    onSuccess: () => {
      setRemoving(null);
      void refresh();
      toast.success('Success!', { description: 'The passkey was removed.' });
    },
  });

  return (
    <section aria-labelledby="passkeys-heading" className="flex flex-col gap-3">
      <h3 id="passkeys-heading" className="font-medium">
        Passkeys
      </h3>
      <p className="text-sm text-muted-foreground">
        Sign in with your fingerprint, face, screen lock or a security key instead of a password and code.
      </p>
      {list.isPending && <Spinner label="Loading your passkeys" />}
      {list.isLoadingError && (
        <ErrorState
          title="Could not load your passkeys"
          message={errorMessage(list.error, '')}
          onRetry={() => list.refetch()}
        />
      )}
      {list.data && list.data.length === 0 && <p className="text-sm">No passkeys yet.</p>}
      {list.data && list.data.length > 0 && (
        <ul className="flex flex-col divide-y rounded-lg border">
          {list.data.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-3 p-3">
              <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
              <span className="flex-1">
                {p.name || 'Passkey'}
                {added(p) && <span className="block text-xs text-muted-foreground">Added {added(p)}</span>}
              </span>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setRemoving(p)}
                aria-label={`Remove passkey ${p.name || ''}`.trim()}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" className="self-start" onClick={() => setAdding(true)}>
        Add a passkey
      </Button>
      {adding && (
        <PasswordDialog
          title="Add a passkey"
          description="Enter your password, then follow your browser's prompt to create the passkey."
          confirmLabel="Create passkey"
          pending={add.isPending}
          error={add.isError ? passkeyErrorMessage(add.error, 'Could not add the passkey.') : null}
          onSubmit={(password) => add.mutate(password)}
          onClose={() => setAdding(false)}
        >
          <FormField
            label="Passkey name"
            value={name}
            maxLength={60}
            placeholder="My laptop"
            onChange={(e) => setName(e.target.value)}
          />
        </PasswordDialog>
      )}
      {removing && (
        <PasswordDialog
          title="Remove this passkey?"
          description={`“${removing.name || 'Passkey'}” will no longer sign you in. Enter your password to remove it.`}
          confirmLabel="Remove passkey"
          destructive
          pending={remove.isPending}
          error={remove.isError ? errorMessage(remove.error, 'Could not remove the passkey.') : null}
          onSubmit={(password) => remove.mutate({ id: removing.id, password })}
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
