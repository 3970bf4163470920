import type { InvitationKind } from '@healthfolio/core';
import { Mail, Trash2, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatWhen } from '@/features/sharing/share-format';
import { errorMessage } from '@/lib/api';
import { DeletePersonDialog } from './delete-person-dialog';
import { type Person, useCancelInvitation, useMutePerson, useRemoveGuardian } from './household-api';
import { possessive } from './household-shell';
import { InviteDialog } from './invite-dialog';
import { PersonAvatar } from './person-avatar';

const KIND_WORDS: Record<InvitationKind, string> = {
  guardian: 'Guardian invitation',
  handover: 'Handover invitation',
};

const birthDate = (ymd: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${ymd}T00:00:00Z`),
  );

type Guardian = Person['guardians'][number];

/** One ward in Settings → Household: guardians, invitations, alerts, handover and deletion. */
export function WardSection({ person, timeZone }: { person: Person; timeZone: string }) {
  const name = person.displayName;
  const headingId = useId();
  const lastHintId = useId();
  const muteHintId = useId();
  const [inviting, setInviting] = useState<InvitationKind | null>(null);
  const [removing, setRemoving] = useState<Guardian | null>(null);
  const [deleting, setDeleting] = useState(false);
  const remove = useRemoveGuardian();
  const cancel = useCancelInvitation();
  const mute = useMutePerson();
  const last = person.guardians.length <= 1;
  const muted = mute.isPending ? Boolean(mute.variables?.muted) : person.muted;

  const confirmRemove = (g: Guardian) =>
    remove.mutate(
      { personId: person.id, accountId: g.accountId },
      {
        onSuccess: () => {
          toast.success(g.you ? `You no longer keep ${possessive(name)} record` : `${g.displayName} removed`);
          setRemoving(null);
        },
        onError: (error) => {
          toast.error('Error', { description: errorMessage(error, 'Could not remove the guardian.') });
          setRemoving(null);
        },
      },
    );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-lg border p-4">
      <div className="flex items-center gap-3">
        <PersonAvatar initials={person.initials} ward />
        <div>
          <h3 id={headingId} className="font-semibold">
            {name}
          </h3>
          {person.dateOfBirth && (
            <p className="text-sm text-muted-foreground">Born {birthDate(person.dateOfBirth)}</p>
          )}
        </div>
      </div>

      <div className="flex flex-col gap-2">
        <h4 className="text-sm font-medium">Guardians</h4>
        <ul className="divide-y rounded-md border text-sm">
          {person.guardians.map((g) => (
            <li key={g.accountId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0">
                <span className="font-medium">{g.displayName}</span>
                {g.you && <span className="text-muted-foreground"> (you)</span>}
                <span className="block truncate text-muted-foreground">{g.email}</span>
              </span>
              <Button
                size="sm"
                variant="outline"
                disabled={last}
                aria-describedby={last ? lastHintId : undefined}
                onClick={() => setRemoving(g)}
              >
                Remove
                <span className="sr-only"> {g.displayName}</span>
              </Button>
            </li>
          ))}
        </ul>
        {last && (
          <p id={lastHintId} className="text-xs text-muted-foreground">
            {name} needs at least one guardian. Invite another before removing this one.
          </p>
        )}
      </div>

      {person.pendingInvitations.length > 0 && (
        <div className="flex flex-col gap-2">
          <h4 className="text-sm font-medium">Waiting for an answer</h4>
          <ul className="divide-y rounded-md border text-sm">
            {person.pendingInvitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span className="min-w-0">
                  <span className="block truncate font-medium">{i.email}</span>
                  <span className="text-muted-foreground">
                    <Badge variant="outline">{KIND_WORDS[i.kind]}</Badge> · Link works until{' '}
                    {formatWhen(i.expiresAt, timeZone)}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(
                      { personId: person.id, invitationId: i.id },
                      {
                        onSuccess: () => toast.success('Invitation cancelled'),
                        onError: (error) =>
                          toast.error('Error', {
                            description: errorMessage(error, 'Could not cancel the invitation.'),
                          }),
                      },
                    )
                  }
                >
                  Cancel
                  <span className="sr-only"> the invitation to {i.email}</span>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            role="switch"
            className="mt-0.5 size-4 accent-primary"
            checked={muted}
            aria-checked={muted}
            disabled={mute.isPending}
            aria-describedby={muteHintId}
            onChange={(e) =>
              mute.mutate(
                { personId: person.id, muted: e.target.checked },
                {
                  onError: (error) =>
                    toast.error('Error', {
                      description: errorMessage(error, 'Could not change the alerts.'),
                    }),
                },
              )
            }
          />
          <span>Mute alerts</span>
        </label>
        <p id={muteHintId} className="text-xs text-muted-foreground">
          While muted, {possessive(name)} notifications, reminders and glucose alerts do not reach you, in the
          app or by email. The other guardians still get them.
        </p>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => setInviting('guardian')}>
          <UserPlus aria-hidden="true" /> Invite a guardian
        </Button>
        <Button size="sm" variant="outline" onClick={() => setInviting('handover')}>
          <Mail aria-hidden="true" /> Hand over
          <span className="sr-only"> {possessive(name)} record</span>
        </Button>
        <Button size="sm" variant="outline" className="text-destructive" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" /> Delete {possessive(name)} record
        </Button>
      </div>

      {inviting && <InviteDialog person={person} kind={inviting} onClose={() => setInviting(null)} />}
      {removing && (
        <ConfirmDialog
          title={
            removing.you
              ? `Stop keeping ${possessive(name)} record?`
              : `Remove ${removing.displayName} as ${possessive(name)} guardian?`
          }
          description={
            removing.you
              ? `You will no longer see or change ${possessive(name)} record, or get their alerts. The other guardians keep it.`
              : `${removing.displayName} will no longer see or change ${possessive(name)} record, or get their alerts.`
          }
          confirmLabel={removing.you ? 'Stop keeping it' : 'Remove'}
          keepLabel="Cancel"
          pending={remove.isPending}
          onConfirm={() => confirmRemove(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
      {deleting && <DeletePersonDialog person={person} onClose={() => setDeleting(false)} />}
    </section>
  );
}
