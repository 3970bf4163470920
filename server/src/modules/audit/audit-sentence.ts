/**
 * One sentence a person would write for each kind of audit event, from the action, the kind of record and
 * its non-health details (never the record's contents). The account-activity screen shows these as they are.
 */
export interface AuditFacts {
  action: string;
  resourceType: string | null;
  details: Record<string, unknown> | null;
}

const ACCOUNT: Record<string, string> = {
  sign_up: 'You created your account',
  sign_in: 'You signed in',
  sign_in_failed: 'Someone tried to sign in with a wrong password',
  sign_out: 'You signed out',
  password_reset: 'Your password was reset from an emailed link',
  password_change: 'You changed your password',
  assign_role: 'An administrator changed your role',
  two_factor_enabled: 'You turned on two-factor sign-in',
  two_factor_disabled: 'You turned off two-factor sign-in',
  two_factor_failed: 'Someone entered a wrong two-factor code',
  backup_code_used: 'You signed in with a backup code',
  second_factor_confirmed: 'You confirmed it was you with your second factor',
  backup_codes_regenerated: 'You made new backup codes',
  passkey_added: 'You added a passkey',
  passkey_removed: 'You removed a passkey',
};

/** The thing an action was done to, with its article ("a bill payment"). */
const THINGS: Record<string, string> = {
  entry: 'an entry',
  glucose_reading: 'glucose readings',
  notification: 'a notification',
  appointment: 'an appointment',
  lab_result: 'a lab result',
  medication: 'a medication schedule',
  medication_dose: 'a medication dose',
  custom_food: 'a food of your own',
  calendar_feed: 'your calendar link',
  profile: 'your profile',
  hypo_follow_up: 'a low-glucose follow-up',
  hypo_settings: 'your low-glucose follow-up setting',
  insurance_plan: 'an insurance plan',
  insurance_claim: 'an insurance claim',
  bill: 'a bill',
  bill_payment: 'a bill payment',
  insurance_settings: 'your insurance settings',
  shared_access: 'a share with a caregiver',
  document: 'a document',
  ns_upload_credential: 'a Nightscout uploader key',
  household_follower_token: 'a follower app for your household',
  nightscout_source: 'a Nightscout site',
  vendor_pull_source: 'a Dexcom Share or LibreLinkUp connection',
  device_connection: 'a device connection',
  visit_packet: 'a visit packet',
  push_subscription: 'a device for alerts',
  passkey: 'a passkey',
  session: 'a session',
  user: 'your account',
  backup: 'a backup',
  person: 'a person in your household',
  guardianship: 'a guardian',
  household_invitation: 'a household invitation',
  record_export: 'a copy of your record',
  health_system: 'a health system',
  health_system_connection: 'a health system connection',
};

/**
 * The kinds of record (as stored, `lab_result`) whose words in these sentences have a word starting with
 * what was searched, `your` read as the admin console's `their`: "lab res" or "their profile" finds them.
 */
export const resourceTypesCalled = (search: string): string[] => {
  const q = search.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!q) return [];
  return Object.entries(THINGS)
    .filter(([, words]) =>
      [words, words.replace(/\byour\b/g, 'their')].some((w) => ` ${w.toLowerCase()}`.includes(` ${q}`)),
    )
    .map(([type]) => type);
};

const VERBS: Record<string, string> = {
  create: 'added',
  read: 'opened',
  update: 'changed',
  delete: 'deleted',
  import: 'imported',
  use: 'used',
  revoke: 'revoked',
  escalate: 'escalated',
};

const FOLLOW_UP_STEPS: Record<string, string> = {
  alert: 'A low-glucose alert was sent',
  urgent: 'A low-glucose follow-up became urgent',
  resumed: 'Glucose was low again, so the follow-up resumed',
  recovered: 'Glucose was back in range, so the follow-up ended',
  recheck_reminder: 'A reminder to re-check your glucose was sent',
  escalated: 'An urgent low-glucose alert was emailed',
  caregivers: 'Your caregivers were alerted about a low',
  stopped: 'A low-glucose follow-up was stopped',
  reading_deleted: 'A low-glucose follow-up stopped because its reading was deleted',
};

const SESSIONS: Record<string, string> = {
  one: 'You signed out one of your sessions',
  all: 'You signed out all your sessions',
  others: 'You signed out your other sessions',
};

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Events with their own sentence; undefined falls through to "You <verb> <thing>". */
const special = ({ action, resourceType, details }: AuditFacts): string | undefined => {
  const d = details ?? {};
  if (action === 'access_denied') {
    if (resourceType === 'visit_packet') return 'Someone entered a wrong passcode for your visit packet';
    if (d.reason === 'two_factor_required')
      return 'The admin area was refused because two-factor sign-in is not turned on';
    return 'You were refused the admin area';
  }
  if (action === 'read' && resourceType === 'visit_packet') return 'Someone opened your visit packet';
  if (action === 'read' && resourceType === 'shared_access')
    return 'A caregiver viewed what you share with them';
  if (resourceType === 'record_export') {
    if (action === 'create') return 'You started an export of your record';
    if (action === 'read')
      return d.format === 'csv' ? 'You downloaded a CSV file of your entries' : 'You downloaded your record';
  }
  if (action === 'use' && resourceType === 'calendar_feed')
    return 'Your calendar app fetched your appointments';
  if (action === 'revoke' && resourceType === 'session')
    return SESSIONS[str(d.sessions) ?? ''] ?? SESSIONS.one;
  if (resourceType === 'hypo_follow_up' && FOLLOW_UP_STEPS[str(d.step) ?? ''])
    return FOLLOW_UP_STEPS[str(d.step)!];
  if (resourceType === 'hypo_settings' && typeof d.enabled === 'boolean')
    return `You turned ${d.enabled ? 'on' : 'off'} the low-glucose follow-up`;
  // `inserted` is what rows written before the counts were named received/stored/duplicates say.
  const imported = d.stored ?? d.inserted;
  if (action === 'import' && resourceType === 'glucose_reading' && typeof imported === 'number') {
    const n = imported;
    return `You imported ${n.toLocaleString('en-US')} glucose ${n === 1 ? 'reading' : 'readings'}`;
  }
  return undefined;
};

/** The sentence for one event; an action this list does not know still reads as words, never as a raw name. */
export const auditSentence = (e: AuditFacts): string => {
  const account = ACCOUNT[e.action];
  if (account) return account;
  const own = special(e);
  if (own) return own;
  const verb = VERBS[e.action];
  const thing = e.resourceType ? THINGS[e.resourceType] : undefined;
  if (verb && thing) return `You ${verb} ${thing}`;
  if (verb) return `You ${verb} something in your account`;
  return 'Something changed in your account';
};

/** Names whose words are not the name spelt out. */
const FIELD_WORDS: Record<string, string> = {
  occurredAt: 'date and time',
  recordedAt: 'date and time',
  isRead: 'read or unread',
  isCompleted: 'done',
  metadata: 'details',
  telehealthUrl: 'video link',
  valueMgdl: 'glucose',
};

/**
 * "displayName" or "plan_year" as words ("display name", "plan year"); an entry's measured parts
 * ("data.systolic") by their own name ("systolic").
 */
const fieldWords = (name: string) => {
  const own = name.startsWith('data.') ? name.slice('data.'.length) : name;
  return (
    FIELD_WORDS[own] ??
    own
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/[_.-]+/g, ' ')
      .toLowerCase()
      .trim()
  );
};

/** A second line worth showing: which fields changed, or how many tries are left; never a health value. */
export const auditDetail = ({ details }: Pick<AuditFacts, 'details'>): string | null => {
  const d = details ?? {};
  if (Array.isArray(d.fields) && d.fields.length) {
    const names = [...new Set(d.fields.filter((f): f is string => typeof f === 'string').map(fieldWords))];
    return names.length ? `Changed: ${names.join(', ')}` : null;
  }
  if (typeof d.failedAttempts === 'number')
    return `${d.failedAttempts} wrong ${d.failedAttempts === 1 ? 'try' : 'tries'} so far`;
  return null;
};
