import type { SessionUser } from '../../http/context';
import type { AuditEntry } from './audit.service';

/** better-auth endpoints whose success is recorded against the signed-in user. */
export const SESSION_AUDIT_PATHS = new Set([
  '/sign-out',
  '/change-password',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
]);

const REVOKED: Record<string, string> = {
  '/revoke-session': 'one',
  '/revoke-sessions': 'all',
  '/revoke-other-sessions': 'others',
};

/** The audit row for a successful session-changing request (no password, no token: only what happened). */
export const sessionAuditEntry = (
  path: string,
  user: SessionUser,
  body: unknown,
): Omit<AuditEntry, 'ipAddress' | 'userAgent'> | null => {
  if (path === '/sign-out')
    return { userId: user.id, action: 'sign_out', resourceType: 'session', resourceId: user.sessionId };
  if (path === '/change-password') {
    const others = typeof body === 'object' && body !== null && 'revokeOtherSessions' in body;
    return {
      userId: user.id,
      action: 'password_change',
      resourceType: 'user',
      resourceId: user.id,
      details: {
        otherSessionsRevoked:
          others && (body as { revokeOtherSessions?: unknown }).revokeOtherSessions === true,
      },
    };
  }
  const scope = REVOKED[path];
  if (scope)
    return { userId: user.id, action: 'revoke', resourceType: 'session', details: { sessions: scope } };
  return null;
};
