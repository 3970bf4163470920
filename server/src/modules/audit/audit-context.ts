import { AsyncLocalStorage } from 'node:async_hooks';
import { createMiddleware } from 'hono/factory';

export interface AuditClient {
  ipAddress: string | null;
  userAgent: string | null;
}

const store = new AsyncLocalStorage<AuditClient>();

/**
 * Carries the server's view of the client (clientAddress's IP, the User-Agent header) through the
 * request, so the services can write audit rows inside their own transaction without every service
 * signature growing request metadata. Outside a request (the scheduler) both are null.
 */
export const auditClientContext = () =>
  createMiddleware(async (c, next) => {
    const client = { ipAddress: c.get('clientIp') ?? null, userAgent: c.req.header('user-agent') ?? null };
    await store.run(client, next);
  });

export const currentAuditClient = (): AuditClient => store.getStore() ?? { ipAddress: null, userAgent: null };
