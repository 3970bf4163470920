import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  NS_CREDENTIALS_MAX,
  type NsCredentialCreatedResponse,
  type NsCredentialCreateRequest,
  type NsCredentialResponse,
} from '@healthfolio/core';
import type { Database } from '../../db/database';
import { notFound, ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import {
  type AuthRow,
  type CredentialRow,
  countCredentials,
  deleteCredential,
  findById,
  findBySecretHash,
  findBySlug,
  insertCredential,
  LAST_USED_EVERY_MS,
  selectCredentials,
  slugExists,
  touchCredential,
} from './ns-credentials.repository';
import { verifyNsJwt } from './ns-token';

export const sha1Hex = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');
export const sha512Hex = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');

/** What is stored: SHA-256 of the SHA-1 (or SHA-512) hex the apps send as `api-secret`. */
export const storedSecretHash = (apiSecretHex: string) =>
  createHash('sha256').update(apiSecretHex.toLowerCase(), 'utf8').digest('hex');

export const SLUG_PATTERN = /^[A-Za-z0-9_-]{16}$/;

export const nsBaseUrl = (appUrl: string, slug: string) => `${appUrl}/ns/${slug}`;

/** xDrip+ takes the secret as the user part of its "Base URL" and hashes it itself. */
export const xdripUrl = (appUrl: string, slug: string, secret: string) => {
  const url = new URL(`${nsBaseUrl(appUrl, slug)}/api/v1/`);
  url.username = secret;
  return url.toString();
};

const present = (appUrl: string, r: CredentialRow): NsCredentialResponse => ({
  id: r.id,
  name: r.name,
  baseUrl: nsBaseUrl(appUrl, r.slug),
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

export const listCredentials = (db: Database, appUrl: string, userId: string) =>
  db.asUser(userId, async (tx) => ({
    items: (await selectCredentials(tx, userId)).map((r) => present(appUrl, r)),
  }));

export const createCredential = (
  db: Database,
  appUrl: string,
  userId: string,
  req: NsCredentialCreateRequest,
): Promise<NsCredentialCreatedResponse> =>
  db.asUser(userId, async (tx) => {
    if ((await countCredentials(tx, userId)) >= NS_CREDENTIALS_MAX)
      throw new ProblemError(
        409,
        'too_many_credentials',
        `You can have at most ${NS_CREDENTIALS_MAX} upload credentials. Revoke one you no longer use.`,
      );
    // 96-bit name, 192-bit secret, both URL-safe (they go into an address's path and user part).
    const slug = randomBytes(12).toString('base64url');
    const secret = randomBytes(24).toString('base64url');
    const row = await insertCredential(tx, {
      userId,
      slug,
      name: req.name,
      secretHash: storedSecretHash(sha1Hex(secret)),
      secretHashSha512: storedSecretHash(sha512Hex(secret)),
    });
    await recordAudit(tx, userId, 'create', 'ns_upload_credential', row.id);
    return { ...present(appUrl, row), secret, xdripUrl: xdripUrl(appUrl, slug, secret) };
  });

export const revokeCredential = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    if (!(await deleteCredential(tx, userId, id))) throw notFound('No such upload credential');
    await recordAudit(tx, userId, 'revoke', 'ns_upload_credential', id);
  });

const HEX40 = /^[0-9a-fA-F]{40}$/;
const HEX128 = /^[0-9a-fA-F]{128}$/;

export interface PresentedSecret {
  algorithm: 'sha1' | 'sha512';
  hex: string;
}

/**
 * The ways Nightscout clients authenticate: `api-secret` (or `?secret=`) holding the SHA-1 hex of
 * the secret, or its SHA-512 hex (Nightscout's enclave accepts both; a few apps send the secret
 * itself), or the secret as a token (`?token=`, `Bearer`).
 */
export const presentedSecret = (r: { apiSecret?: string; token?: string }): PresentedSecret | null => {
  if (r.apiSecret) {
    if (HEX40.test(r.apiSecret)) return { algorithm: 'sha1', hex: r.apiSecret.toLowerCase() };
    if (HEX128.test(r.apiSecret)) return { algorithm: 'sha512', hex: r.apiSecret.toLowerCase() };
    return { algorithm: 'sha1', hex: sha1Hex(r.apiSecret) };
  }
  if (r.token) return { algorithm: 'sha1', hex: sha1Hex(r.token) };
  return null;
};

const sameHex = (stored: string | null, presented: string) => {
  if (!stored) return false;
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(storedSecretHash(presented), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Whether the presented secret is this credential's (compared in constant time). */
export const secretMatches = (
  row: Pick<AuthRow, 'secretHash' | 'secretHashSha512'>,
  presented: PresentedSecret,
) => sameHex(presented.algorithm === 'sha512' ? row.secretHashSha512 : row.secretHash, presented.hex);

/**
 * The owner of a live credential whose secret matches, else null (unknown, wrong and revoked alike).
 * `found` is the slug's row when it was already read (`uploadDoor`).
 */
export const authenticateUpload = async (
  db: Database,
  slug: string,
  presented: PresentedSecret | null,
  found?: { row: AuthRow | undefined },
) => {
  if (!SLUG_PATTERN.test(slug) || !presented) return null;
  const row = found ? found.row : await db.readAsSystem((tx) => findBySlug(tx, slug));
  if (!row) return null;
  if (!secretMatches(row, presented)) return null;
  await markUsed(db, row);
  return { userId: row.userId, credentialId: row.id, name: row.name };
};

/** Whether an upload credential has this slug (compared without case, as credentialForToken does). */
export const isCredentialSlug = (db: Database, slug: string) =>
  SLUG_PATTERN.test(slug) ? db.readAsSystem((tx) => slugExists(tx, slug)) : Promise.resolve(false);

/**
 * The credential an access token names when no slug comes with it (AndroidAPS asks for its JWT at
 * the site's root): the token is the credential's secret, found by the hash that is stored anyway.
 */
export const credentialForAccessToken = async (db: Database, accessToken: string) => {
  if (!accessToken || accessToken.length > 200) return null;
  const hash = storedSecretHash(sha1Hex(accessToken));
  return (await db.readAsSystem((tx) => findBySecretHash(tx, hash))) ?? null;
};

/** A credential that still exists (not revoked), by id: what a JWT names. */
export const liveCredential = async (db: Database, id: string) => {
  const row = await db.readAsSystem((tx) => findById(tx, id));
  return row ?? null;
};

/**
 * The credential a token names for the address's slug: a JWT we signed (as Nightscout takes in
 * `Authorization: Bearer` and `?token=`), or leniently the secret itself. AndroidAPS lower-cases the
 * whole address, so the slug is compared without case. Marks the credential used.
 */
export const credentialForToken = async (
  db: Database,
  sessionSecret: string,
  token: string | undefined,
  slug: string | undefined,
) => {
  if (!token || !slug) return null;
  const id = await verifyNsJwt(sessionSecret, token);
  const cred = id ? await liveCredential(db, id) : await credentialForAccessToken(db, token);
  if (!cred || cred.slug.toLowerCase() !== slug.toLowerCase()) return null;
  await markUsed(db, cred);
  return { userId: cred.userId, credentialId: cred.id };
};

/**
 * The credential's "last used", as every authenticated request updates it (at most every 5 minutes):
 * the row just read says when it was last written, so an app uploading every few minutes costs no
 * transaction of its own here.
 */
export const markUsed = async (
  db: Database,
  cred: { userId: string; id: string; lastUsedAt: Date | null },
) => {
  if (cred.lastUsedAt && Date.now() - cred.lastUsedAt.getTime() < LAST_USED_EVERY_MS) return;
  await db.asUser(cred.userId, (tx) => touchCredential(tx, cred.userId, cred.id));
};
