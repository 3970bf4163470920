/** What a message is, for the log (which never gets the recipient or the text). */
export type MailType =
  | 'verification'
  | 'password_reset'
  | 'reminder'
  | 'test_notification'
  | 'hypo_alert'
  | 'share_invitation'
  | 'household_invitation'
  | 'admin_email';

const footer = '\n\nIf you did not ask for this, you can ignore this email.\n\n— Healthfolio';

export const verificationEmail = (url: string) => ({
  type: 'verification' as const,
  subject: 'Confirm your Healthfolio account',
  text: `Welcome to Healthfolio.\n\nConfirm your email address by opening this link:\n${url}\n\nThe link is valid for 24 hours.${footer}`,
  confirmationLink: url,
});

export const passwordResetEmail = (url: string) => ({
  type: 'password_reset' as const,
  subject: 'Reset your Healthfolio password',
  text: `Someone asked to reset the password of your Healthfolio account.\n\nChoose a new password here:\n${url}\n\nThe link is valid for 1 hour.${footer}`,
});

const reminderFooter = 'You get these emails because you turned on email reminders in Healthfolio.';

/**
 * A due reminder. Mail crosses servers we do not control and sits in inboxes others may read (a
 * shared screen, a lock-screen preview), so it says only that something is due and when; what it is
 * (a medication, a dose, a note) is shown after signing in.
 */
export const reminderEmail = (appUrl: string, when: string, personName?: string) =>
  personName
    ? {
        type: 'reminder' as const,
        subject: `${personName} has a reminder in Healthfolio`,
        text: `${personName}: one of their Healthfolio reminders is due ${when}.\n\nOpen Healthfolio: ${appUrl}/dashboard/notifications\n\n${guardianFooter(personName)}`,
      }
    : {
        type: 'reminder' as const,
        subject: 'You have a reminder in Healthfolio',
        text: `One of your Healthfolio reminders is due ${when}.\n\nOpen your reminders: ${appUrl}/dashboard/notifications\n\n${reminderFooter}`,
      };

/** Why a guardian gets a person's mail, and how to stop it. */
const guardianFooter = (personName: string) =>
  `You get this email because you keep ${personName}'s record in Healthfolio and turned on email reminders. To stop getting ${personName}'s, mute them in Settings → Household.`;

/**
 * A low-glucose alert of a person kept by guardians, to each of them: like a caregiver's, it carries
 * the value and time (a guardian must know how urgent it is without signing in first).
 */
export const guardianAlertEmail = (appUrl: string, title: string, content: string, personName: string) => ({
  type: 'hypo_alert' as const,
  subject: title,
  text: `${content}\n\nOpen Healthfolio: ${appUrl}/dashboard\n\n${guardianFooter(personName)}`,
});

export const testNotificationEmail = (appUrl: string, content: string) => ({
  type: 'test_notification' as const,
  subject: 'Test notification from Healthfolio',
  text: `${content}\n\nOpen your reminders: ${appUrl}/dashboard/notifications\n\n${reminderFooter}`,
});

/**
 * An unresolved low to a caregiver the user chose for alerts. Unlike reminders it carries the value and
 * time: the issue asks for them, and a caregiver must know how urgent it is without signing in first.
 */
export const hypoCaregiverEmail = (appUrl: string, title: string, content: string) => ({
  type: 'hypo_alert' as const,
  subject: title,
  text: `${content}\n\nOpen Healthfolio: ${appUrl}/dashboard\n\nYou get this email because you were chosen to be alerted about low glucose.`,
});

/**
 * A caregiver's invitation: who shares, which categories (names only, never values), until when, the
 * owner's own message, and the link. The link is the credential: it is never logged.
 */
/** A user's own words in a message the server sends: every line quoted, so it reads as theirs. */
export const quoted = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');

export const shareInvitationEmail = (i: {
  ownerName: string;
  link: string;
  message: string | null;
  categories: string[];
  expiresAt: Date | null;
  requireSignIn: boolean;
}) => ({
  type: 'share_invitation' as const,
  subject: `${i.ownerName} shared health information with you on Healthfolio`,
  text:
    [
      `${i.ownerName} invited you to view some of their health information on Healthfolio (read-only): ${i.categories.join(', ')}.`,
      i.message
        ? `${i.ownerName} added a message (their words, not Healthfolio's):\n${quoted(i.message)}`
        : null,
      `Open it here:\n${i.link}`,
      i.requireSignIn ? 'You will be asked to sign in with this email address.' : null,
      i.expiresAt
        ? `The link works until ${i.expiresAt.toUTCString()}.`
        : 'The link works until it is revoked.',
      'Keep this link to yourself: anyone who has it can open what was shared.',
    ]
      .filter(Boolean)
      .join('\n\n') + footer,
});

/**
 * An invitation to a person's record: to keep it with the sender (a second guardian), or to take it over
 * (handover). Names and the link only, never health values. The link is the credential: never logged.
 */
export const householdInvitationEmail = (i: {
  inviterName: string;
  personName: string;
  kind: 'guardian' | 'handover';
  link: string;
  expiresAt: Date;
}) => ({
  type: 'household_invitation' as const,
  subject:
    i.kind === 'guardian'
      ? `${i.inviterName} invited you to look after ${i.personName}'s health record on Healthfolio`
      : `${i.inviterName} is handing your health record over to you on Healthfolio`,
  text:
    [
      i.kind === 'guardian'
        ? `${i.inviterName} keeps ${i.personName}'s health record on Healthfolio and invited you to keep it with them. You will see and change everything in it, and get ${i.personName}'s reminders and alerts.`
        : `${i.inviterName} has kept your health record (${i.personName}) on Healthfolio and invited you to take it over. Once you do, it is yours: you sign in with this email address, and ${i.inviterName} no longer sees it unless you choose to share it.`,
      `Open the invitation here:\n${i.link}`,
      i.kind === 'guardian'
        ? 'You will be asked to sign in with this email address.'
        : 'If you already have a Healthfolio account with this address, sign in to it; otherwise you choose a password.',
      `The link works until ${i.expiresAt.toUTCString()}.`,
      'Keep this link to yourself: anyone who has it can open the invitation.',
    ].join('\n\n') + footer,
});
