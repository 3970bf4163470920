/** Texts both sides show, word for word (spec §8 for the admin ones). */
export const REGISTRATION_CLOSED_MESSAGE = 'Sign-up is closed on this Healthfolio instance.';
export const APPROVAL_PENDING_MESSAGE =
  'Your account is waiting for an administrator’s approval. You can sign in once it is approved.';
export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Contact the administrator.';
export const LAST_ADMIN_MESSAGE = 'This is the only admin: make someone else an admin first.';
export const SYSTEM_ADMINISTRATOR = 'System Administrator';
