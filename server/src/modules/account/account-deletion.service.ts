import {
  type AccountDeleteRequest,
  BackupCode,
  DEPENDENTS_REMAIN_MESSAGE,
  LAST_ADMIN_MESSAGE,
  RECENT_SIGN_IN_MINUTES,
  SIGN_IN_AGAIN_TO_DELETE_MESSAGE,
  TotpCode,
} from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import type { AuthThrottle } from '../../auth/throttle';
import type { Database, Tx } from '../../db/database';
import type { SessionUser } from '../../http/context';
import { ProblemError } from '../../http/problem';
import type { RealtimeBus } from '../../realtime/bus';
import type { FileStorage } from '../../storage/file-storage';
import { adminAccountTx } from '../admin/admin-tx';
import { countActiveAdmins, selectAccount } from '../admin/admin-users.repository';
import { recordAudit } from '../audit/audit.service';
import { passwordIncorrect } from '../household/household.service';
import { erasePersonInTx, finishErasure } from './erase-person';

export interface AccountDeletionDeps {
  db: Database;
  auth: Auth;
  throttle: AuthThrottle;
  storage: FileStorage;
  bus: RealtimeBus;
}

/** The request that asks, as the two-factor checks need it: its cookie (the session) and address. */
export interface Asker {
  account: SessionUser;
  headers: Headers;
  ip: string;
}

/** The same budgets as the two-factor gate's re-entered passwords and codes (auth/two-factor-gate.ts). */
const PASSWORD_ACTION = '/two-factor/password';
const CODE_ACTION = '/two-factor/verify';

const sessionAgeMinutes = async (db: Database, sessionId: string) => {
  const { rows } = await db.owner.execute<{ minutes: number }>(sql`
    select extract(epoch from now() - created_at) / 60 as minutes from auth.session where id::text = ${sessionId}`);
  return rows[0] ? Number(rows[0].minutes) : Number.POSITIVE_INFINITY;
};

const twoFactorOn = async (db: Database, userId: string) => {
  const { rows } = await db.owner.execute<{ on: boolean }>(
    sql`select two_factor_enabled as on from auth.user where id = ${userId}`,
  );
  return rows[0]?.on === true;
};

/**
 * It is really the signed-in person: their password (or, with no password because they sign in with
 * Google, a sign-in within the last minutes), and with two-factor on a code from their authenticator
 * app or a backup code, checked by better-auth for this session. Each try counts like the gate's.
 */
export const confirmIdentity = async (
  deps: AccountDeletionDeps,
  asker: Asker,
  input: AccountDeleteRequest,
  /** What the password is asked for, in the words of the screen ("delete your account"). */
  purpose = 'delete your account',
) => {
  const { account, headers, ip } = asker;
  const ctx = await deps.auth.$context;
  const credential = await ctx.internalAdapter.findCredentialAccount(account.id);
  if (credential?.password) {
    // Nothing typed is not a wrong password: ask for it, and count no try.
    if (!input.password)
      throw new ProblemError(400, 'password_required', `Enter your password to ${purpose}.`);
    await deps.throttle.consume(PASSWORD_ACTION, ip, account.id);
    if (!(await ctx.password.verify({ hash: credential.password, password: input.password })))
      throw passwordIncorrect();
  } else if ((await sessionAgeMinutes(deps.db, account.sessionId)) > RECENT_SIGN_IN_MINUTES)
    throw new ProblemError(403, 'recent_sign_in_required', SIGN_IN_AGAIN_TO_DELETE_MESSAGE);
  if (!(await twoFactorOn(deps.db, account.id))) return;
  if (!input.code)
    throw new ProblemError(
      403,
      'code_required',
      'Enter the 6-digit code from your authenticator app, or one of your backup codes.',
    );
  await deps.throttle.consume(CODE_ACTION, ip, account.id);
  const totp = TotpCode.safeParse(input.code);
  const backup = BackupCode.safeParse(input.code);
  const res = totp.success
    ? await deps.auth.api.verifyTOTP({ headers, body: { code: totp.data }, asResponse: true })
    : backup.success
      ? await deps.auth.api.verifyBackupCode({ headers, body: { code: backup.data }, asResponse: true })
      : null;
  if (!res?.ok) throw new ProblemError(403, 'code_incorrect', 'The code is not correct.');
};

/** The people only this account keeps: they would be left with nobody, so the account stays for now. */
const refuseWhileSoleGuardian = async (tx: Tx, accountId: string) => {
  const { rows } = await tx.execute<{ name: string }>(sql`
    select p.display_name as name from guardianships g join profiles p on p.user_id = g.person_id
    where g.guardian_id = ${accountId} and not exists (
      select 1 from guardianships o where o.person_id = g.person_id and o.guardian_id <> ${accountId})
    order by p.display_name`);
  if (rows.length > 0)
    throw new ProblemError(
      409,
      'dependents_remaining',
      `${DEPENDENTS_REMAIN_MESSAGE} (${rows.map((r) => r.name).join(', ')})`,
    );
};

/** The last active admin stays: nobody could run the console after them. */
const refuseLastAdmin = async (tx: Tx, userId: string) => {
  const acc = await selectAccount(tx, userId);
  if (acc?.role === 'admin' && acc.status === 'active' && (await countActiveAdmins(tx)) <= 1)
    throw new ProblemError(409, 'last_admin', LAST_ADMIN_MESSAGE);
  return acc;
};

/** Settings → Your data → Delete my account. */
export const deleteOwnAccount = async (
  deps: AccountDeletionDeps,
  asker: Asker,
  input: AccountDeleteRequest,
) => {
  await confirmIdentity(deps, asker, input);
  const id = asker.account.id;
  const files = await adminAccountTx(
    deps.db,
    async (tx) => {
      await refuseLastAdmin(tx, id);
      await refuseWhileSoleGuardian(tx, id);
      return erasePersonInTx(tx, id, id);
    },
    true,
  );
  await finishErasure(deps, [id], files);
};

/** The admin console: another account, confirmed with the admin's own password and code; audited. */
export const adminDeleteAccount = async (
  deps: AccountDeletionDeps,
  asker: Asker,
  targetId: string,
  input: AccountDeleteRequest,
) => {
  if (targetId === asker.account.id)
    throw new ProblemError(409, 'own_account', 'Delete your own account from Settings → Your data.');
  await confirmIdentity(deps, asker, input, 'delete this account');
  const files = await adminAccountTx(
    deps.db,
    async (tx) => {
      const acc = await refuseLastAdmin(tx, targetId);
      if (!acc || acc.status === 'dependent')
        throw new ProblemError(404, 'not_found', 'No user with this id');
      await refuseWhileSoleGuardian(tx, targetId);
      const stored = await erasePersonInTx(tx, targetId, asker.account.id);
      await recordAudit(tx, asker.account.id, 'delete_user', 'user', targetId, { files: stored.length });
      return stored;
    },
    true,
  );
  await finishErasure(deps, [targetId], files);
};
