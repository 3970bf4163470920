const footer = '\n\nIf you did not ask for this, you can ignore this email.\n\n— Healthfolio';

export const verificationEmail = (url: string) => ({
  subject: 'Confirm your Healthfolio account',
  text: `Welcome to Healthfolio.\n\nConfirm your email address by opening this link:\n${url}\n\nThe link is valid for 24 hours.${footer}`,
});

export const passwordResetEmail = (url: string) => ({
  subject: 'Reset your Healthfolio password',
  text: `Someone asked to reset the password of your Healthfolio account.\n\nChoose a new password here:\n${url}\n\nThe link is valid for 1 hour.${footer}`,
});
