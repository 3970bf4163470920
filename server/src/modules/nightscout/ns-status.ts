import type { Database } from '../../db/database';
import { FOLLOWER_SUB, type NsAuth } from './ns-auth';
import { type Authorized, personSettings, statusDoc } from './ns-follow.service';
import { signNsJwt } from './ns-token';

/** Nightscout's permissions for a follower (its `readable` role) and for an upload credential. */
export const FOLLOWER_PERMISSIONS = [['*:*:read']];
export const UPLOAD_PERMISSIONS = [['api:*:read', 'api:*:create', 'api:*:update', 'api:*:delete']];

/** A JWT for this credential or follower, as `/api/v2/authorization/request` and status.json hand out. */
export const authorizedFor = async (sessionSecret: string, auth: NsAuth): Promise<Authorized> => {
  const sub = auth.followerId ? `${FOLLOWER_SUB}${auth.followerId}` : auth.credentialId!;
  const { token, iat, exp } = await signNsJwt(sessionSecret, sub);
  return {
    token,
    sub: auth.name,
    permissionGroups: auth.canWrite ? UPLOAD_PERMISSIONS : FOLLOWER_PERMISSIONS,
    iat,
    exp,
  };
};

/**
 * status.json for the person the credential reads. `authorized` (a JWT and its permissions) only when
 * the request carried a token, as Nightscout's `authorize(req.query.token)`: LoopFollow reads it.
 */
export const statusFor = async (
  db: Database,
  sessionSecret: string,
  auth: NsAuth,
  token: string | undefined,
) =>
  statusDoc(await personSettings(db, auth.userId), token ? await authorizedFor(sessionSecret, auth) : null);
