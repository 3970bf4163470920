import { roleLabel, SETTING_TITLES, type SettingKey } from '@healthfolio/core';
import { type AuditFacts, auditSentence } from '../audit/audit-sentence';

/** What the admin may see of a person in the log: their name, and their email when they have a sign-in. */
export interface Person {
  name: string;
  email: string | null;
}

export interface AdminAuditFacts extends AuditFacts {
  resourceId: string | null;
}

/** Who a row speaks of; a missing one is an account deleted since, a null id the system itself. */
export type Named = (id: string | null) => string;

const STATUS_VERBS: Record<string, string> = {
  disable_user: 'disabled',
  enable_user: 'enabled',
  approve_user: 'approved',
};

const EXPORTS: Record<string, string> = {
  export_audit: 'downloaded the audit log as a CSV file',
  export_users: 'downloaded the list of users as a CSV file',
  export_data: 'downloaded the data summary',
};

const BACKUPS: Record<string, string> = {
  create_backup: 'made a backup',
  download_backup: 'downloaded a backup',
  delete_backup: 'deleted a backup',
};

const settingTitle = (key: unknown) =>
  SETTING_TITLES[key as SettingKey] ? `“${SETTING_TITLES[key as SettingKey]}”` : 'a setting';

/** An admin's own action, said with the admin as subject; undefined for anything else. */
const adminAction = (e: AdminAuditFacts, actor: string, named: Named): string | undefined => {
  const d = e.details ?? {};
  const target = e.resourceType === 'user' ? named(e.resourceId) : 'someone';
  if (e.action === 'assign_role' && d.source === 'ADMIN_EMAILS')
    return `${target} was made an ${roleLabel('admin')}, as this server’s list of admin emails names them`;
  if (e.action === 'assign_role')
    return `${actor} changed ${target}’s role from ${roleLabel(d.previous as string)} to ${roleLabel(d.role as string)}`;
  if (STATUS_VERBS[e.action]) return `${actor} ${STATUS_VERBS[e.action]} ${target}’s account`;
  if (e.action === 'delete_user') return `${actor} deleted an account`;
  if (e.action === 'update_setting')
    return d.reset
      ? `${actor} set ${settingTitle(d.key ?? e.resourceId)} back to its default`
      : `${actor} changed ${settingTitle(d.key ?? e.resourceId)}`;
  if (e.action === 'send_message') {
    const n = typeof d.recipients === 'number' ? d.recipients : 0;
    return d.toAll
      ? `${actor} sent a message to everyone (${n.toLocaleString('en-US')} ${n === 1 ? 'person' : 'people'})`
      : `${actor} sent a message to ${n.toLocaleString('en-US')} ${n === 1 ? 'person' : 'people'}`;
  }
  if (e.action === 'send_email') return `${actor} sent an email`;
  if (e.action === 'revoke_share') return `${actor} revoked a share with a caregiver`;
  if (EXPORTS[e.action]) return `${actor} ${EXPORTS[e.action]}`;
  if (BACKUPS[e.action]) return `${actor} ${BACKUPS[e.action]}`;
  return undefined;
};

/**
 * The account-activity sentence ("You signed in", "Your password was reset") told of someone else:
 * the person by name, "your" as "their".
 */
const aboutThem = (sentence: string, name: string) =>
  sentence
    .replace(/^You were /, `${name} was `)
    .replace(/^You /, `${name} `)
    .replace(/^Your /, `${name}’s `)
    .replace(/\byour\b/g, 'their')
    .replace(/\bYour\b/g, 'Their');

/** One row of everyone's audit log in words, with the people named (never ids, keys or codes). */
export const adminAuditSentence = (e: AdminAuditFacts, userId: string | null, named: Named): string => {
  const own = adminAction(e, named(userId), named);
  if (own) return own;
  if (!userId) return 'Something happened on this server';
  return aboutThem(auditSentence(e), named(userId));
};
