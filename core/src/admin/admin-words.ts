import type { Role } from '../roles/roles.schema';
import type { SettingKey } from './platform-settings.schema';

/** Roles as a person writes them, wherever a role is shown or said (console, audit log, toasts). */
export const ROLE_LABELS: Record<Role, string> = { user: 'User', moderator: 'Moderator', admin: 'Admin' };

/** A role's words; a stored value this list does not know still reads as a word, never as a code. */
export const roleLabel = (role: string | null | undefined) =>
  ROLE_LABELS[(role ?? 'user') as Role] ?? 'Another role';

/** Each platform setting's title: the Settings tab's card and the audit log's sentence. */
export const SETTING_TITLES: Record<SettingKey, string> = {
  maintenance_mode: 'Maintenance mode',
  max_file_size: 'Maximum file size',
  session_timeout: 'Session timeout',
  email_notifications: 'Email notifications',
  user_registration: 'User registration',
  landing_page: 'Landing page',
};
