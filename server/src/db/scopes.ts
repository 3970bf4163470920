import { APP_ROLE, GUEST_ROLE } from './schema/rls';

/**
 * What opens a transaction's scope: the role it runs as and the settings the row-level security
 * policies read (`app.user_id`, `app.account_id`, `app.share_id`, `app.follow_token_id`,
 * `app.system`). PGlite inlines the values (constants or a checked UUID); PostgreSQL sends a named
 * statement with the id as its parameter.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const checkedId = (id: string, what: string) => {
  if (!UUID.test(id))
    throw new Error(
      `${what} needs a ${what === 'asShare' ? 'share' : what === 'readAsFollowToken' ? 'token' : 'user'} id`,
    );
  return id;
};

/** The role a scope's transaction runs as: a share and a follower token read as the guest role. */
const roleOf = (setting: string) =>
  setting === 'app.share_id' || setting === 'app.follow_token_id' ? GUEST_ROLE : APP_ROLE;

// PGlite: the scope as one inlined statement. Both values are constants or a checked UUID.
const inlineScope = (setting: string, value: string) =>
  `select set_config('role', '${roleOf(setting)}', true), set_config('${setting}', '${value}', true)`;
export const userScope = (userId: string, accountId?: string) =>
  inlineScope('app.user_id', checkedId(userId, 'asUser')) +
  (actsForAnother(userId, accountId)
    ? `, set_config('app.account_id', '${checkedId(accountId, 'asUser')}', true)`
    : '');
export const shareScope = (shareId: string) => inlineScope('app.share_id', checkedId(shareId, 'asShare'));
export const followTokenScope = (tokenId: string) =>
  inlineScope('app.follow_token_id', checkedId(tokenId, 'readAsFollowToken'));
export const SYSTEM_SCOPE = inlineScope('app.system', 'on');
export const READ_ONLY = `, set_config('transaction_read_only', 'on', true)`;

/** An account acting for someone else (a guardian for a person): the scope then names both. */
const actsForAnother = (userId: string, accountId: string | undefined): accountId is string =>
  accountId !== undefined && accountId !== userId;

/**
 * PostgreSQL: the scope as a named statement with the id as its parameter, parsed and planned once
 * per connection and then only bound (it runs ahead of every request's statements).
 */
const personScopeStatement = (userId: string, accountId: string, readOnly = false) => ({
  name: `healthfolio_scope_person${readOnly ? '_read' : ''}`,
  text:
    `select set_config('role', '${APP_ROLE}', true), set_config('app.user_id', $1, true), ` +
    `set_config('app.account_id', $2, true)` +
    (readOnly ? READ_ONLY : ''),
  values: [checkedId(userId, 'asUser'), checkedId(accountId, 'asUser')],
});
export const userScopeStatement = (userId: string, accountId: string | undefined, readOnly = false) =>
  actsForAnother(userId, accountId)
    ? personScopeStatement(userId, accountId, readOnly)
    : scopeStatement('user_id', checkedId(userId, 'asUser'), readOnly);

export const scopeStatement = (
  setting: 'user_id' | 'share_id' | 'system' | 'follow_token_id',
  value: string,
  readOnly = false,
) => ({
  name: `healthfolio_scope_${setting}${readOnly ? '_read' : ''}`,
  text:
    `select set_config('role', '${roleOf(`app.${setting}`)}', true), set_config('app.${setting}', $1, true)` +
    (readOnly ? READ_ONLY : ''),
  values: [value],
});
