import type { SecondFactorStatusResponse } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/** The second factor a session passed, by the better-auth endpoint that created or confirmed it. */
export type SecondFactorMethod = 'totp' | 'backup_code' | 'passkey';

const BY_PATH: Record<string, SecondFactorMethod> = {
  '/two-factor/verify-totp': 'totp',
  '/two-factor/verify-backup-code': 'backup_code',
  // User verification is required (auth.ts): the key and a fingerprint, face or PIN.
  '/passkey/verify-authentication': 'passkey',
};

/** What a session created by this endpoint passed; a password or Google alone passed none. */
export const secondFactorOfPath = (path: string | undefined): SecondFactorMethod | null =>
  (path && BY_PATH[path]) || null;

/** Which second factors a user has (auth schema, so read through the owner connection). */
export const findSecondFactors = async (db: Database, userId: string, sessionId = '') => {
  const { rows } = await db.owner.execute<{ totp: boolean; passkeys: number; passed: string | null }>(sql`
    select u.two_factor_enabled as totp,
           (select count(*)::int from auth.passkey p where p.user_id = u.id) as passkeys,
           (select s.second_factor from auth.session s
              where s.user_id = u.id and s.id::text = ${sessionId}) as passed
    from auth.user u where u.id = ${userId}`);
  const row = rows[0] ?? { totp: false, passkeys: 0, passed: null };
  return { totp: row.totp, passkeys: Number(row.passkeys), passed: row.passed !== null };
};

/**
 * After a Google sign-in (better-auth asks no code there), the signed-in session confirms an
 * authenticator or backup code through the two-factor gate, which records it here.
 */
export const markSessionSecondFactor = (
  db: Database,
  userId: string,
  sessionId: string,
  m: SecondFactorMethod,
) =>
  db.owner.execute(
    sql`update auth.session set second_factor = ${m} where id = ${sessionId} and user_id = ${userId}`,
  );

/**
 * Why an admin's session may not use admin routes yet: no second factor set up (`two_factor_required`),
 * or this session has not passed one (`second_factor_required`); null when it may.
 */
export const adminSecondFactorGap = async (db: Database, userId: string, sessionId: string) => {
  const f = await findSecondFactors(db, userId, sessionId);
  if (!f.totp && f.passkeys === 0) return 'two_factor_required' as const;
  return f.passed ? null : ('second_factor_required' as const);
};

export const secondFactorStatus = async (
  db: Database,
  userId: string,
  sessionId: string,
  isAdmin: boolean,
): Promise<SecondFactorStatusResponse> => {
  const { passed, ...f } = await findSecondFactors(db, userId, sessionId);
  return { ...f, enabled: f.totp || f.passkeys > 0, required: isAdmin, sessionVerified: passed };
};
