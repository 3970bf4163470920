import {
  ACCESS_LEVEL_HISTORY_DAYS,
  LAB_DOCUMENT_CATEGORIES,
  SHARE_CATEGORY_TRACKERS,
  type ShareCategory,
} from '@healthfolio/core/sharing/share-rules';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, pgPolicy, pgRole } from 'drizzle-orm/pg-core';

/** The role every user-scoped and system transaction switches to; it has no BYPASSRLS. */
export const APP_ROLE = 'healthfolio_app';

/**
 * The role a caregiver's share (`db.asShare`) and a household follower token (`db.readAsFollowToken`)
 * read as, and the only role the share and follower policies apply to. A user's or the system's
 * transaction never plans them: those policies' sub-selects cost every statement on a shareable table
 * more than its own work (migration guest_role). It may read and nothing else: SELECT on what the app
 * role may read, EXECUTE on the functions the policies call (migration guest_read_only). It replaced
 * `healthfolio_guest`, a member of the app role with all of its grants, which the app no longer uses.
 */
export const GUEST_ROLE = 'healthfolio_reader';
export const guestRole = pgRole(GUEST_ROLE).existing();

/** The roles the app's transactions run as: a policy for the owner's SECURITY DEFINER code excludes them. */
export const notAppRoles = sql.raw(`current_user not in ('${APP_ROLE}', '${GUEST_ROLE}')`);

/** True inside a transaction opened by `db.asSystem` (scheduler, admin, auth hooks). */
export const isSystem = sql`current_setting('app.system', true) = 'on'`;

/**
 * The person whose rows the transaction may touch: `app.user_id` when the account acts for itself, or
 * when `app.account_id` is that person's guardian right now (households); else null, so nothing. The
 * SQL function is in migration households_sql; as a scalar sub-select it runs once per statement.
 */
export const currentPerson = sql`(select app_person())`;

/** The one owner check of every owner policy: the row is the current person's. */
export const ownsRow = (userId: AnyPgColumn): SQL => sql`${userId} = ${currentPerson}`;

/** The standard policy set of a user-owned table: the owner or the system, for every command. */
export const ownerPolicies = (table: string, userId: AnyPgColumn) => [
  pgPolicy(`${table}_owner`, {
    as: 'permissive',
    for: 'all',
    using: sql`${ownsRow(userId)} or ${isSystem}`,
    withCheck: sql`${ownsRow(userId)} or ${isSystem}`,
  }),
];

/** The share a caregiver's transaction reads through (`db.asShare`); empty in every other scope. */
export const currentShare = sql`nullif(current_setting('app.share_id', true), '')::uuid`;

const literal = (s: string) => {
  if (!/^[A-Za-z0-9 _-]+$/.test(s)) throw new Error(`not a policy literal: ${s}`);
  return `'${s}'`;
};

/**
 * The owner whose rows the current share may read in `category`: only while the share grants that
 * category, is not revoked and not expired (checked against the clock of this statement, so revoking,
 * narrowing or expiry take effect on the next request in every process). Null in any other scope.
 */
const grantedOwner = (category: ShareCategory) =>
  sql.raw(`(select sa.user_id from shared_access sa
    join shared_permissions sp on sp.shared_access_id = sa.id and sp.user_id = sa.user_id
    where sa.id = nullif(current_setting('app.share_id', true), '')::uuid
      and sa.revoked_at is null and (sa.expires_at is null or sa.expires_at > now())
      and sp.data_category = ${literal(category)} and sp.can_view)`);

/** The oldest instant the share's access level lets the caregiver see (ACCESS_LEVEL_HISTORY_DAYS). */
const historyStart = sql.raw(`(select case sa.access_type ${Object.entries(ACCESS_LEVEL_HISTORY_DAYS)
  .map(([level, days]) =>
    days === null ? '' : `when ${literal(level)} then now() - interval '${Number(days)} days' `,
  )
  .join('')}else '-infinity'::timestamptz end
    from shared_access sa where sa.id = nullif(current_setting('app.share_id', true), '')::uuid)`);

/**
 * The one place a table becomes shareable: a SELECT-only policy (shares never write) admitting the
 * rows of the share's owner in `category`, at or after the access level's history start (`since`),
 * optionally narrowed to some rows (`where`, e.g. the trackers of that category). The sub-selects
 * are scalar, so they run once per statement, not once per row.
 */
export const sharePolicy = (
  table: string,
  userId: AnyPgColumn,
  category: ShareCategory,
  opts: { since: AnyPgColumn; where?: SQL },
) =>
  pgPolicy(`${table}_share_${category}`, {
    as: 'permissive',
    for: 'select',
    to: guestRole,
    using: sql`${userId} = ${grantedOwner(category)} and ${opts.since} >= ${historyStart}${
      opts.where ? sql` and (${opts.where})` : sql``
    }`,
  });

/** `tracker in (...)` for the trackers a category shares. */
export const trackersOf = (tracker: AnyPgColumn, category: keyof typeof SHARE_CATEGORY_TRACKERS) =>
  sql`${tracker} in (${sql.raw(SHARE_CATEGORY_TRACKERS[category].map(literal).join(', '))})`;

/** `category in (...)` for the document categories that are lab results (shared under `lab_results`). */
export const labDocuments = (category: AnyPgColumn) =>
  sql`${category} in (${sql.raw(LAB_DOCUMENT_CATEGORIES.map(literal).join(', '))})`;
