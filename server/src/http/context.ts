import type { Role } from '@healthfolio/core';
import type { Database } from '../db/database';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  sessionId: string;
  sessionToken: string;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The client address as this server sees it (the socket, or X-Forwarded-For behind TRUST_PROXY). */
    clientIp: string;
    /** This request's id (http/fixed-headers.ts): in the X-Request-Id header, log lines and problems. */
    requestId: string;
    /** The database bound to this request's client, for the audit rows (modules/audit/audit-context.ts). */
    db: Database;
    /**
     * Whose data the request reads and writes: the signed-in account, or on a person-scoped route the
     * person it acts for (households: `X-Healthfolio-Person`, auth/person-scope.ts).
     */
    user: SessionUser;
    /** The signed-in account (who acts), whatever person the request is for. */
    account: SessionUser;
    /** Which guard set `user`: a person-scoped route's, or an account-level route's. */
    personScope: 'person' | 'account';
    /** The session's refreshed cookie, set once the response is ready. */
    setCookies: string[];
    roles: Role[];
  }
}
