import type { AuditEventResponse } from '@healthfolio/core';

const ACCOUNT: Record<string, string> = {
  sign_up: 'Account created',
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in attempt',
  sign_out: 'Signed out',
  password_reset: 'Password reset',
  password_change: 'Password changed',
  assign_role: 'Role changed',
  access_denied: 'Refused: admin access required',
  two_factor_enabled: 'Two-factor sign-in turned on',
  two_factor_disabled: 'Two-factor sign-in turned off',
  two_factor_failed: 'Wrong two-factor code',
  backup_code_used: 'Signed in with a backup code',
  second_factor_confirmed: 'Confirmed it was you with a second factor',
  backup_codes_regenerated: 'New backup codes generated',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
};

const VERBS: Record<string, string> = {
  create: 'Created',
  read: 'Viewed',
  update: 'Changed',
  delete: 'Deleted',
  import: 'Imported',
  use: 'Used',
  revoke: 'Revoked',
  escalate: 'Escalated',
};

const RESOURCES: Record<string, string> = {
  entry: 'an entry',
  glucose_reading: 'glucose readings',
  notification: 'a notification',
  appointment: 'an appointment',
  medication: 'a medication schedule',
  medication_dose: 'a medication dose',
  custom_food: 'a custom food',
  calendar_feed: 'the calendar feed',
  profile: 'the profile',
  session: 'sessions',
  hypo_follow_up: 'a low-glucose follow-up',
  hypo_settings: 'the low-glucose follow-up setting',
};

/** The steps of a low-glucose follow-up, as recorded in its audit rows. */
const FOLLOW_UP_STEPS: Record<string, string> = {
  alert: 'Alert sent',
  urgent: 'Became urgent',
  resumed: 'Low again: resumed',
  recovered: 'Back in range',
  recheck_reminder: 'Re-check reminder sent',
  escalated: 'Urgent alert sent',
  caregivers: 'Caregivers alerted',
  stopped: 'Stopped',
  reading_deleted: 'Stopped: its reading was deleted',
};

/** One line saying what happened, from the action and the kind of record (never its contents). */
export const auditEventLabel = (e: Pick<AuditEventResponse, 'action' | 'resourceType'>) => {
  const account = ACCOUNT[e.action];
  if (account) return account;
  const verb = VERBS[e.action] ?? e.action;
  const what = e.resourceType ? (RESOURCES[e.resourceType] ?? e.resourceType) : '';
  return `${verb} ${what}`.trim();
};

/** Non-health details worth a second line: the changed fields, an import's count. */
export const auditEventDetail = (e: Pick<AuditEventResponse, 'details'>) => {
  const d = e.details ?? {};
  if (Array.isArray(d.fields) && d.fields.length) return `Fields: ${d.fields.join(', ')}`;
  if (typeof d.inserted === 'number') return `${d.inserted} of ${d.received} readings added`;
  if (typeof d.step === 'string' && FOLLOW_UP_STEPS[d.step]) return FOLLOW_UP_STEPS[d.step]!;
  if (typeof d.enabled === 'boolean') return d.enabled ? 'Turned on' : 'Turned off';
  return null;
};
