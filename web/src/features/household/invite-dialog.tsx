import type { InvitationKind } from '@healthfolio/core';
import { INVITATION_VALID_DAYS } from '@healthfolio/core/household/household.schema';
import { countOf } from '@healthfolio/core/text/count-words';
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
import { FormField } from '@/components/ui/form-field';
import { ApiError, errorMessage } from '@/lib/api';
import { useServices } from '@/lib/use-services';
import { type Person, useInvite } from './household-api';
import { possessive } from './household-shell';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const TEXTS = (
  name: string,
): Record<InvitationKind, { title: string; description: string; send: string }> => ({
  guardian: {
    title: `Invite a guardian for ${name}`,
    description: `They get an email with a link, and accept by signing in with this address (or creating an account with it). Then they can see and change everything in ${possessive(name)} record, as you can, and get ${possessive(name)} alerts. Their own record stays private to them.`,
    send: 'Send invitation',
  },
  handover: {
    title: `Hand over ${possessive(name)} record`,
    description: `${name} gets an email with a link to their own sign-in: they choose a password, or link an account they already have with this address. From then on the record is theirs. You and the other guardians no longer see it, unless ${name} gives you caregiver access.`,
    send: 'Send handover invitation',
  },
});

/** Invites a second guardian, or hands the record over to the person, by email. */
export function InviteDialog({
  person,
  kind,
  onClose,
}: {
  person: Person;
  kind: InvitationKind;
  onClose: () => void;
}) {
  const invite = useInvite();
  // The link travels only by email: a server that sends none cannot invite anyone.
  const noMail = useServices().data?.mail === false;
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const texts = TEXTS(person.displayName)[kind];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!address) return setFieldError('Enter their email address.');
    if (!EMAIL.test(address)) return setFieldError('Enter a valid email address.');
    setFieldError(undefined);
    setError(null);
    invite.mutate(
      { personId: person.id, body: { email: address, kind } },
      {
        onSuccess: () => {
          toast.success('Invitation sent', { description: `We emailed a link to ${address}.` });
          onClose();
        },
        onError: (err) => {
          const onEmail =
            err instanceof ApiError ? err.fieldErrors.find((f) => f.path === 'email') : undefined;
          if (onEmail) setFieldError(onEmail.message);
          else setError(errorMessage(err, 'Could not send the invitation.'));
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <FormField
            label="Email address"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fieldError}
            hint={`The link in the email works for ${countOf(INVITATION_VALID_DAYS, 'day')}.`}
            autoFocus
          />
          {noMail && (
            <Alert role="status">
              This Healthfolio does not send email, so an invitation cannot reach anyone. Whoever runs it can
              turn email on.
            </Alert>
          )}
          {error && (
            <Alert variant="destructive" role="alert">
              {error}
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={invite.isPending || noMail}>
              {invite.isPending ? 'Sending…' : texts.send}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
