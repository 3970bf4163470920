import {
  INVITATION_VALID_DAYS,
  type InvitationCreatedResponse,
  type InvitationKind,
} from '@healthfolio/core/household/household.schema';
import { countOf } from '@healthfolio/core/text/count-words';
import { Copy } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, errorMessage } from '@/lib/api';
import { useServices } from '@/lib/use-services';
import { type Person, useInvite } from './household-api';
import { invitationCreatedTexts, inviteTexts } from './invitation-words';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Shown when the server sent no email: the link to copy and send on (it is not shown again). */
function InvitationLink({ created, onClose }: { created: InvitationCreatedResponse; onClose: () => void }) {
  const id = useId();
  const link = created.link ?? '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Invitation link copied');
    } catch {
      toast.error('Could not copy', { description: 'Select the link and copy it yourself.' });
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">{invitationCreatedTexts(created.email, false).note}</p>
      <Label htmlFor={id}>Invitation link</Label>
      <Input id={id} readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      <p className="text-xs text-muted-foreground">
        It works for {countOf(INVITATION_VALID_DAYS, 'day')}, and only for {created.email}. You will not see
        it again: to send a new one, withdraw this invitation and invite them again.
      </p>
      <DialogFooter>
        <Button variant="outline" onClick={copy}>
          <Copy aria-hidden="true" /> Copy invitation link
        </Button>
        <Button onClick={onClose}>Done</Button>
      </DialogFooter>
    </div>
  );
}

/** Invites a second guardian, or hands the record over to the person, by email (or by a link to copy). */
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
  // Without email, the invitation is still made: the guardian gets its link to send on.
  const noMail = useServices().data?.mail === false;
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<InvitationCreatedResponse | null>(null);
  const texts = inviteTexts(person.displayName, kind, !noMail);

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
        onSuccess: (answer) => {
          const words = invitationCreatedTexts(address, answer.emailed);
          toast.success(words.toast, { description: words.description });
          if (answer.link) setCreated(answer);
          else onClose();
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
        {created ? (
          <InvitationLink created={created} onClose={onClose} />
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <FormField
              label="Email address"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={fieldError}
              hint={`The link ${noMail ? '' : 'in the email '}works for ${countOf(INVITATION_VALID_DAYS, 'day')}.`}
              autoFocus
            />
            {error && (
              <Alert variant="destructive" role="alert">
                {error}
              </Alert>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={invite.isPending}>
                {invite.isPending ? (noMail ? 'Creating…' : 'Sending…') : texts.send}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
