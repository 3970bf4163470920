import type { InvitationKind } from '@healthfolio/core/household/household.schema';
import { possessive } from '@healthfolio/core/text/whose';

/**
 * What the invite dialog says. `mail`: the server sends email; without it the guardian gets the link
 * to send on themselves, and the words must not promise an email.
 */
export const inviteTexts = (
  name: string,
  kind: InvitationKind,
  mail: boolean,
): { title: string; description: string; send: string } => {
  const reach = mail ? 'They get an email with a link' : 'You get a link to send them';
  return kind === 'guardian'
    ? {
        title: `Invite a guardian for ${name}`,
        description: `${reach}, and they accept by signing in with this address (or creating an account with it). Then they can see and change everything in ${possessive(name)} record, as you can, and get ${possessive(name)} alerts. Their own record stays private to them.`,
        send: mail ? 'Send invitation' : 'Create invitation',
      }
    : {
        title: `Hand over ${possessive(name)} record`,
        description: `${mail ? `${name} gets an email with a link` : `You get a link to send ${name}`} to their own sign-in: they choose a password, or link an account they already have with this address. From then on the record is theirs. You and the other guardians no longer see it, unless ${name} gives you caregiver access.`,
        send: mail ? 'Send handover invitation' : 'Create handover invitation',
      };
};

/** After creating: the toast, and (when it was not emailed) what to do with the link. */
export const invitationCreatedTexts = (email: string, emailed: boolean) =>
  emailed
    ? { toast: 'Invitation sent', description: `We emailed a link to ${email}.`, note: null }
    : {
        toast: 'Invitation created',
        description: `${email} has not been emailed.`,
        note: `This Healthfolio does not send email, so ${email} has not been emailed. Copy the invitation link and send it to them yourself.`,
      };
