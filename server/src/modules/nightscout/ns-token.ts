import { hkdfSync } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * The JWTs Nightscout's `/api/v2/authorization/request/{accessToken}` hands out and API v3 takes as
 * `Authorization: Bearer`: HS256, 8 hours like Nightscout's, under a key derived from SESSION_SECRET.
 * They name the credential (`sub`), never the secret; a revoked credential's JWT stops working at
 * once because every request looks the credential up again.
 */
export const NS_JWT_LIFETIME_S = 8 * 3600;
const AUDIENCE = 'healthfolio:nightscout';

const keyOf = (sessionSecret: string) =>
  new Uint8Array(hkdfSync('sha256', sessionSecret, Buffer.alloc(0), 'healthfolio nightscout jwt', 32));

export const signNsJwt = async (
  sessionSecret: string,
  credentialId: string,
  nowS = Math.floor(Date.now() / 1000),
) => {
  const exp = nowS + NS_JWT_LIFETIME_S;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(credentialId)
    .setAudience(AUDIENCE)
    .setIssuedAt(nowS)
    .setExpirationTime(exp)
    .sign(keyOf(sessionSecret));
  return { token, iat: nowS, exp };
};

/** The credential id a valid, unexpired JWT names; null for anything else. */
export const verifyNsJwt = async (sessionSecret: string, token: string) => {
  if (token.split('.').length !== 3) return null;
  try {
    const { payload } = await jwtVerify(token, keyOf(sessionSecret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
    });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
};
