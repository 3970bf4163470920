import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { nsUploadCredentials } from '../../db/schema';

export type CredentialRow = typeof nsUploadCredentials.$inferSelect;

export const selectCredentials = (tx: Tx, userId: string) =>
  tx
    .select()
    .from(nsUploadCredentials)
    .where(eq(nsUploadCredentials.userId, userId))
    .orderBy(desc(nsUploadCredentials.createdAt));

export const countCredentials = async (tx: Tx, userId: string) => {
  const result = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from ns_upload_credentials where user_id = ${userId}`,
  );
  return result.rows[0]?.n ?? 0;
};

export const insertCredential = async (
  tx: Tx,
  values: { userId: string; slug: string; name: string; secretHash: string; secretHashSha512: string },
) => {
  const [row] = await tx.insert(nsUploadCredentials).values(values).returning();
  return row!;
};

export const deleteCredential = async (tx: Tx, userId: string, id: string) => {
  const rows = await tx
    .delete(nsUploadCredentials)
    .where(and(eq(nsUploadCredentials.userId, userId), eq(nsUploadCredentials.id, id)))
    .returning({ id: nsUploadCredentials.id });
  return rows.length > 0;
};

const authColumns = {
  id: nsUploadCredentials.id,
  userId: nsUploadCredentials.userId,
  slug: nsUploadCredentials.slug,
  name: nsUploadCredentials.name,
  secretHash: nsUploadCredentials.secretHash,
  secretHashSha512: nsUploadCredentials.secretHashSha512,
  lastUsedAt: nsUploadCredentials.lastUsedAt,
};

/** System scope: the slug in the address is all we know before the secret is checked. */
export const findBySlug = async (tx: Tx, slug: string) => {
  const [row] = await tx
    .select(authColumns)
    .from(nsUploadCredentials)
    .where(eq(nsUploadCredentials.slug, slug));
  return row;
};

export type AuthRow = Pick<
  CredentialRow,
  'id' | 'userId' | 'slug' | 'name' | 'secretHash' | 'secretHashSha512' | 'lastUsedAt'
>;

/**
 * `findBySlug` as one named statement sent after the door's budget (`budgetThenLookup`): it reads
 * nothing once that budget is spent.
 */
export const bySlugAfterBudget = (slug: string) => ({
  name: 'healthfolio_ns_credential_by_slug',
  text: `select id, user_id as "userId", slug, name, secret_hash as "secretHash",
      secret_hash_sha512 as "secretHashSha512", last_used_at as "lastUsedAt"
    from ns_upload_credentials where slug = $1 and current_setting('app.door_open', true) = 'true'`,
  values: [slug],
});

/**
 * System scope: whether a live credential has this slug, in any case (AndroidAPS lower-cases the
 * address it was given); the socket refuses any other namespace before it is kept.
 */
export const slugExists = async (tx: Tx, slug: string) => {
  const [row] = await tx
    .select({ id: nsUploadCredentials.id })
    .from(nsUploadCredentials)
    .where(sql`lower(${nsUploadCredentials.slug}) = lower(${slug})`)
    .limit(1);
  return row !== undefined;
};

/** System scope: an access token with no slug beside it (AndroidAPS' JWT request). */
export const findBySecretHash = async (tx: Tx, secretHash: string) => {
  const [row] = await tx
    .select(authColumns)
    .from(nsUploadCredentials)
    .where(eq(nsUploadCredentials.secretHash, secretHash));
  return row;
};

/** System scope: the credential a JWT names, if it has not been revoked since. */
export const findById = async (tx: Tx, id: string) => {
  const [row] = await tx.select(authColumns).from(nsUploadCredentials).where(eq(nsUploadCredentials.id, id));
  return row;
};

/** How stale "last used" may get: at most one write every five minutes per credential. */
export const LAST_USED_EVERY_MS = 5 * 60_000;

export const touchCredential = (tx: Tx, userId: string, id: string) =>
  tx.execute(sql`
    update ns_upload_credentials set last_used_at = now()
    where user_id = ${userId} and id = ${id}
      and (last_used_at is null or last_used_at < now() - ${LAST_USED_EVERY_MS / 1000} * interval '1 second')`);
