import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
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
import { IdentityConfirmFields, useIdentityConfirm } from '@/features/settings/identity-confirm';
import { useSecondFactorStatus } from '@/features/settings/use-second-factor';
import { actingPersonId } from '@/lib/acting-person';
import { errorMessage } from '@/lib/api';
import { type Person, useDeletePerson } from './household-api';
import { actAs, possessive } from './household-shell';

/** Deletes a ward and everything of theirs, confirmed as deleting one's own account is. */
export function DeletePersonDialog({ person, onClose }: { person: Person; onClose: () => void }) {
  const client = useQueryClient();
  const remove = useDeletePerson();
  const factors = useSecondFactorStatus();
  const identity = useIdentityConfirm();
  const name = possessive(person.displayName);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    remove.mutate(
      { personId: person.id, body: identity.body() },
      {
        onSuccess: () => {
          // The tab was showing the person just deleted: back to the account's own record.
          if (actingPersonId() === person.id) actAs(client, null);
          toast.success(`${name} record was deleted`);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{`Delete ${name} record?`}</DialogTitle>
          <DialogDescription>
            {`This deletes everything in ${name} record for every guardian: readings, entries, documents, appointments, medications, devices and shares. It cannot be undone. To keep the record, hand it over instead.`}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <IdentityConfirmFields withCode={factors.data?.totp ?? false} fields={identity.fields} />
          {remove.error && (
            <Alert variant="destructive" role="alert">
              {errorMessage(remove.error, 'Could not delete the record.')}
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending || factors.isPending}>
              {remove.isPending ? 'Deleting…' : `Delete ${name} record`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
