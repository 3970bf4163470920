import type { SecondFactorStatusResponse } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/** Which second factors a user has (auth schema, so read through the owner connection). */
export const findSecondFactors = async (db: Database, userId: string) => {
  const { rows } = await db.owner.execute<{ totp: boolean; passkeys: number }>(sql`
    select u.two_factor_enabled as totp,
           (select count(*)::int from auth.passkey p where p.user_id = u.id) as passkeys
    from auth.user u where u.id = ${userId}`);
  const row = rows[0] ?? { totp: false, passkeys: 0 };
  return { totp: row.totp, passkeys: Number(row.passkeys) };
};

export const hasSecondFactor = async (db: Database, userId: string) => {
  const f = await findSecondFactors(db, userId);
  return f.totp || f.passkeys > 0;
};

export const secondFactorStatus = async (
  db: Database,
  userId: string,
  isAdmin: boolean,
): Promise<SecondFactorStatusResponse> => {
  const f = await findSecondFactors(db, userId);
  return { ...f, enabled: f.totp || f.passkeys > 0, required: isAdmin };
};
