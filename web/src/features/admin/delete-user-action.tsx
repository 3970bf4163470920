import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { IdentityConfirmFields, useIdentityConfirm } from '@/features/settings/identity-confirm';
import { api, errorMessage } from '@/lib/api';
import { adminKeys } from './admin-api';

/**
 * User detail → Delete account: everything of the account goes, as when its owner deletes it. The
 * admin confirms with their own password and authenticator (or backup) code; the deletion is audited.
 */
export function DeleteUserAction({
  userId,
  name,
  onDeleted,
}: {
  userId: string;
  name: string;
  onDeleted: () => void;
}) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const identity = useIdentityConfirm();
  const remove = useMutation({
    mutationFn: () => api<void>(`/api/v1/admin/users/${userId}`, { method: 'DELETE', body: identity.body() }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.users });
      toast.success('Account deleted', {
        description: `${name}’s account and everything in it were deleted.`,
      });
      onDeleted();
    },
  });
  if (!confirming)
    return (
      <div className="border-t pt-4">
        <Button variant="destructive" onClick={() => setConfirming(true)}>
          Delete account
        </Button>
      </div>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    remove.mutate();
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4 border-t pt-4"
      aria-label="Delete account"
    >
      <p className="text-sm">
        Delete {name}’s account and everything in it — records, files, shares, sign-in — for good? Confirm
        with your own password and code.
      </p>
      <IdentityConfirmFields withCode fields={identity.fields} />
      {remove.error && (
        <Alert variant="destructive" role="alert">
          {errorMessage(remove.error, 'The account could not be deleted. Please try again.')}
        </Alert>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="outline"
          onClick={() => setConfirming(false)}
          disabled={remove.isPending}
        >
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          {remove.isPending ? 'Deleting…' : 'Delete this account for good'}
        </Button>
      </div>
    </form>
  );
}
