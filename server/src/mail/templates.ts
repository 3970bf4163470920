/** What a message is, for the log (which never gets the recipient or the text). */
export type MailType = 'verification' | 'password_reset' | 'reminder' | 'test_notification' | 'admin_email';

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
export const reminderEmail = (appUrl: string, when: string) => ({
  type: 'reminder' as const,
  subject: 'You have a reminder in Healthfolio',
  text: `One of your Healthfolio reminders is due ${when}.\n\nOpen your reminders: ${appUrl}/dashboard/notifications\n\n${reminderFooter}`,
});

export const testNotificationEmail = (appUrl: string, content: string) => ({
  type: 'test_notification' as const,
  subject: 'Test notification from Healthfolio',
  text: `${content}\n\nOpen your reminders: ${appUrl}/dashboard/notifications\n\n${reminderFooter}`,
});
