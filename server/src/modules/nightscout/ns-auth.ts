import type { Context } from 'hono';
import type { Database } from '../../db/database';
import { type AuthRow, findBySecretHash, findBySlug } from './ns-credentials.repository';
import {
  authenticateUpload,
  credentialForAccessToken,
  liveCredential,
  markUsed,
  presentedSecret,
  sha1Hex,
  storedSecretHash,
} from './ns-credentials.service';
import { findFollowerByHash, findFollowerById, touchFollower } from './ns-followers.repository';
import { bearer } from './ns-http';
import { verifyNsJwt } from './ns-token';

/**
 * Who a Nightscout request acts for, whichever way it came: an upload credential (reads and writes,
 * `credentialId` set) or a follower token (reads one person, never writes, `followerId` set).
 */
export interface NsAuth {
  userId: string;
  credentialId: string | null;
  followerId: string | null;
  canWrite: boolean;
  /** The subject's name, for status.json's `authorized.sub`. */
  name: string;
}

/** The credential as a request carries it: `?token=` or Bearer, `api-secret` or `?secret=`. */
export interface NsPresented {
  token?: string;
  apiSecret?: string;
}

export const presentedOf = (c: Context): NsPresented => ({
  token: c.req.query('token') || bearer(c),
  apiSecret: c.req.header('api-secret') || c.req.query('secret'),
});

/** Whether a request at the site's root carries a Nightscout credential (else it is the app's own). */
export const carriesNsCredential = (c: Context) => {
  const p = presentedOf(c);
  return Boolean(p.token || p.apiSecret);
};

/** A JWT's subject names a follower token with this prefix, an upload credential without. */
export const FOLLOWER_SUB = 'follower:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const followerAuth = async (
  db: Database,
  row: { id: string; userId: string; name: string; lastUsedAt: Date | null } | undefined,
): Promise<NsAuth | null> => {
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= 5 * 60_000)
    await db.asUser(row.userId, (tx) => touchFollower(tx, row.userId, row.id));
  return { userId: row.userId, credentialId: null, followerId: row.id, canWrite: false, name: row.name };
};

/** A follower token by the SHA-1 hex of the token (what `api-secret` carries, and `?token=` hashed). */
export const followerForSha1 = async (db: Database, sha1: string) =>
  followerAuth(db, await db.readAsSystem((tx) => findFollowerByHash(tx, storedSecretHash(sha1))));

const uploadAuth = (row: { id: string; userId: string; name: string }): NsAuth => ({
  userId: row.userId,
  credentialId: row.id,
  followerId: null,
  canWrite: true,
  name: row.name,
});

/** The credential or follower a JWT we signed names, if it still exists. */
const fromJwt = async (db: Database, sessionSecret: string, token: string) => {
  const sub = await verifyNsJwt(sessionSecret, token);
  if (!sub) return null;
  if (sub.startsWith(FOLLOWER_SUB)) {
    const id = sub.slice(FOLLOWER_SUB.length);
    return UUID.test(id) ? followerAuth(db, await db.readAsSystem((tx) => findFollowerById(tx, id))) : null;
  }
  if (!UUID.test(sub)) return null;
  const cred = await liveCredential(db, sub);
  if (!cred) return null;
  await markUsed(db, cred);
  return { ...uploadAuth(cred), slug: cred.slug };
};

/**
 * The one place a Nightscout request's credential is checked. Under `/ns/{slug}` (`slug` given): the
 * slug's upload credential with its secret (SHA-1 or SHA-512 hex, or the secret itself), a JWT naming
 * it, or a follower token of the same person. At the site's root (`slug` null): a follower token, an
 * upload credential's secret (SHA-1 hex) or a JWT of either. Null for anything else: unknown, wrong,
 * revoked and a disabled owner's (their credentials are deleted) alike.
 */
export const resolveNsAuth = async (
  db: Database,
  sessionSecret: string,
  slug: string | null,
  p: NsPresented,
  /** The slug's credential row when the caller already read it (with the budget, in one round trip). */
  found?: { row: AuthRow | undefined },
): Promise<NsAuth | null> => {
  if (!p.apiSecret && p.token && p.token.split('.').length === 3) {
    const auth = await fromJwt(db, sessionSecret, p.token);
    if (!auth || slug === null) return auth;
    if ('slug' in auth) return auth.slug.toLowerCase() === slug.toLowerCase() ? auth : null;
    return (await slugOwner(db, slug)) === auth.userId ? auth : null;
  }
  const presented = presentedSecret(p);
  if (!presented) return null;
  if (slug !== null) {
    const upload = await authenticateUpload(db, slug, presented, found);
    if (upload) return uploadAuth({ id: upload.credentialId, userId: upload.userId, name: upload.name });
    if (presented.algorithm !== 'sha1') return null;
    const follower = await followerForSha1(db, presented.hex);
    return follower && (await slugOwner(db, slug)) === follower.userId ? follower : null;
  }
  if (presented.algorithm !== 'sha1') return null;
  const follower = await followerForSha1(db, presented.hex);
  if (follower) return follower;
  // An upload credential at the root: Loop and NightscoutKit keep only scheme, host and port.
  const cred = await db.readAsSystem((tx) => findBySecretHash(tx, storedSecretHash(presented.hex)));
  if (!cred) return null;
  await markUsed(db, cred);
  return uploadAuth(cred);
};

const slugOwner = async (db: Database, slug: string) =>
  (await db.readAsSystem((tx) => findBySlug(tx, slug)))?.userId ?? null;

/**
 * The JWT request (`/api/v2/authorization/request/{accessToken}`): the access token is an upload
 * credential's secret or a follower token.
 */
export const accessTokenSubject = async (db: Database, accessToken: string) => {
  if (!accessToken || accessToken.length > 200) return null;
  const cred = await credentialForAccessToken(db, accessToken);
  if (cred)
    return { kind: 'upload' as const, id: cred.id, slug: cred.slug, name: cred.name, userId: cred.userId };
  const follower = await followerForSha1(db, sha1Hex(accessToken));
  if (follower)
    return {
      kind: 'follower' as const,
      id: follower.followerId!,
      slug: null,
      name: follower.name,
      userId: follower.userId,
    };
  return null;
};
