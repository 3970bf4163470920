import { ACCOUNT_DELETED_MESSAGE } from '@healthfolio/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useHousehold } from '@/features/household/household-shell';
import { api, errorMessage } from '@/lib/api';
import { useForgetAccount } from '@/lib/session';
import { IdentityConfirmFields, useIdentityConfirm } from './identity-confirm';
import { useSecondFactorStatus } from './use-second-factor';

/** What goes, said the way a person would check it. */
const DELETED = [
  'your profile, trackers, glucose readings, medications and appointments',
  'your documents, meal photos, visit packets and insurance records',
  'your caregiver shares and follower links (they stop working at once)',
  'your sign-in: password, authenticator app, passkeys and every session',
];

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const factors = useSecondFactorStatus();
  const household = useHousehold();
  // Deleting cannot be undone, so nobody is deleted with the account: they are handed over first.
  const onlyGuardianOf = (household.data?.people ?? [])
    .filter((p) => p.relation === 'ward' && p.guardians.length <= 1)
    .map((p) => p.displayName);
  const forget = useForgetAccount();
  const identity = useIdentityConfirm();
  const remove = useMutation({
    mutationFn: () => api<void>('/api/v1/me', { method: 'DELETE', body: identity.body() }),
    onSuccess: async () => {
      // To the landing page: the dashboard, seeing the session gone, sends the browser there too.
      forget('/');
      toast.success('Account deleted', { description: ACCOUNT_DELETED_MESSAGE, duration: 10_000 });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    remove.mutate();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            This deletes everything in your account for good. It cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {DELETED.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
        {onlyGuardianOf.length > 0 ? (
          <Alert variant="destructive">
            You are the only guardian of {onlyGuardianOf.join(', ')}. Under Settings → Household, delete them
            or add another guardian for them, then delete your account.
          </Alert>
        ) : (
          <p className="text-sm text-muted-foreground">
            If you keep people in your household, delete them or add another guardian for them first.
          </p>
        )}
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <IdentityConfirmFields withCode={factors.data?.totp ?? false} fields={identity.fields} />
          {remove.error && (
            <Alert variant="destructive" role="alert">
              {errorMessage(remove.error, 'Your account could not be deleted. Please try again.')}
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={remove.isPending || factors.isPending || onlyGuardianOf.length > 0}
            >
              {remove.isPending ? 'Deleting…' : 'Delete my account for good'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Settings → Your data: leaving, with everything. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="delete-account-heading" className="flex flex-col gap-3">
      <h3 id="delete-account-heading" className="font-medium">
        Delete my account
      </h3>
      <p className="text-sm text-muted-foreground">
        Deletes your account and everything in it: your records, files, shares and sign-in. You will be asked
        for your password.
      </p>
      <div>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </div>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </section>
  );
}
