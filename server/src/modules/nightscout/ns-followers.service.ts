import { randomBytes } from 'node:crypto';
import {
  NS_FOLLOWERS_MAX,
  type NsFollowerCreatedResponse,
  type NsFollowerCreateRequest,
  type NsFollowerListResponse,
  type NsFollowerResponse,
} from '@healthfolio/core';
import type { Database } from '../../db/database';
import { notFound, ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { sha1Hex, storedSecretHash } from './ns-credentials.service';
import {
  countFollowers,
  deleteFollower,
  type FollowerRow,
  insertFollower,
  selectFollowers,
} from './ns-followers.repository';

/** The address follower apps are given: the site's root, where every Nightscout route also answers. */
export const followerSiteUrl = (appUrl: string) => appUrl.replace(/\/+$/, '');

const present = (r: FollowerRow): NsFollowerResponse => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

export const listFollowers = (
  db: Database,
  appUrl: string,
  userId: string,
): Promise<NsFollowerListResponse> =>
  db.readAsUser(userId, async (tx) => ({
    items: (await selectFollowers(tx, userId)).map(present),
    siteUrl: followerSiteUrl(appUrl),
  }));

/**
 * A new read-only token: 160 bits from the CSPRNG, lower-case hex (some apps lower-case what they are
 * given) after a `follow-` prefix, so a person can tell it from an upload secret. Only SHA-256 of its
 * SHA-1 hex is kept: the SHA-1 hex is what apps send as `api-secret`, and `?token=` is hashed alike.
 */
export const createFollower = (
  db: Database,
  appUrl: string,
  userId: string,
  req: NsFollowerCreateRequest,
): Promise<NsFollowerCreatedResponse> =>
  db.asUser(userId, async (tx) => {
    if ((await countFollowers(tx, userId)) >= NS_FOLLOWERS_MAX)
      throw new ProblemError(
        409,
        'too_many_followers',
        `You can have at most ${NS_FOLLOWERS_MAX} followers. Remove one you no longer use.`,
      );
    const token = `follow-${randomBytes(20).toString('hex')}`;
    const row = await insertFollower(tx, {
      userId,
      name: req.name,
      tokenHash: storedSecretHash(sha1Hex(token)),
    });
    await recordAudit(tx, userId, 'create', 'ns_follower_token', row.id);
    const siteUrl = followerSiteUrl(appUrl);
    const withToken = new URL(siteUrl);
    withToken.searchParams.set('token', token);
    // xDrip+'s Nightscout Follow URL is the site with the token as its user part, no /api/v1.
    const xdrip = new URL(siteUrl);
    xdrip.username = token;
    return {
      ...present(row),
      token,
      siteUrl,
      urlWithToken: withToken.toString(),
      xdripUrl: xdrip.toString().replace(/\/$/, ''),
    };
  });

export const revokeFollower = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    if (!(await deleteFollower(tx, userId, id))) throw notFound('No such follower');
    await recordAudit(tx, userId, 'revoke', 'ns_follower_token', id);
  });
