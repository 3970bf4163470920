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
    user: SessionUser;
    roles: Role[];
  }
}
