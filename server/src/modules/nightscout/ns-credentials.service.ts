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
  type CredentialRow,
  countCredentials,
  deleteCredential,
  findBySlug,
  insertCredential,
  selectCredentials,
  touchCredential,
} from './ns-credentials.repository';

export const sha1Hex = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');

/** What is stored: SHA-256 of the SHA-1 hex the apps send as `api-secret`. */
export const storedSecretHash = (apiSecretSha1: string) =>
  createHash('sha256').update(apiSecretSha1.toLowerCase(), 'utf8').digest('hex');

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

/**
 * The ways Nightscout clients authenticate: `api-secret` (or `?secret=`) holding the SHA-1 hex of
 * the secret (a few send the secret itself), or the secret as a token (`?token=`, `Bearer`).
 */
export const presentedSecretSha1 = (r: { apiSecret?: string; token?: string }) => {
  if (r.apiSecret) return HEX40.test(r.apiSecret) ? r.apiSecret.toLowerCase() : sha1Hex(r.apiSecret);
  if (r.token) return sha1Hex(r.token);
  return null;
};

/** The owner of a live credential whose secret matches, else null (unknown, wrong and revoked alike). */
export const authenticateUpload = async (db: Database, slug: string, presentedSha1: string | null) => {
  if (!SLUG_PATTERN.test(slug) || !presentedSha1) return null;
  const row = await db.asSystem((tx) => findBySlug(tx, slug));
  if (!row) return null;
  const a = Buffer.from(row.secretHash, 'hex');
  const b = Buffer.from(storedSecretHash(presentedSha1), 'hex');
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  await db.asUser(row.userId, (tx) => touchCredential(tx, row.userId, row.id));
  return { userId: row.userId, credentialId: row.id };
};
