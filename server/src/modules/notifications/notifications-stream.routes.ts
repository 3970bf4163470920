import type { NotificationResponse } from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { streamSSE } from 'hono/streaming';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/database';
import { createRouter, problems, SESSION_SECURITY } from '../../http/openapi';
import { type BusMessage, HOUSEHOLD_CHANGED, NS_DATA_CHANGED } from '../../realtime/bus';
import { clientOfDb, withAuditClient } from '../audit/audit-context';
import { receivesWard, unmutedWards } from '../household/guardian-recipients';
import { getNotification } from './notifications.service';

export const HEARTBEAT_MS = 25_000;
/** Browsers reconnect an EventSource by themselves; this is how long they wait. */
export const RETRY_MS = 5_000;

const stream = createRoute({
  tags: ['Notifications'],
  security: SESSION_SECURITY,
  method: 'get',
  path: '/api/v1/notifications/stream',
  summary:
    'Server-Sent Events for your notifications and those of the people you keep (not muted): notification.created, notification.updated and notification.due carry the NotificationResponse and `personId` (whose it is); notification.deleted carries {id, personId}; resync asks to reload. A comment line every 25 s keeps proxies from closing it.',
  responses: {
    200: {
      description: 'An event stream (text/event-stream)',
      content: {
        'text/event-stream': { schema: z.string().openapi({ example: 'event: notification.created' }) },
      },
    },
    ...problems(401, 429, 503),
  },
});

/** A session revoked (sign-out, password change) or expired ends its stream at the next heartbeat. */
const sessionAlive = async (db: Database, sessionId: string) => {
  const { rows } = await db.owner.execute(
    sql`select 1 from auth.session where id = ${sessionId} and expires_at > now()`,
  );
  return rows.length > 0;
};

export const notificationsStreamRoutes = ({ bus, logger, requireAccount, quotas }: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/notifications/stream', requireAccount);
  app.openapi(stream, async (c) => {
    const user = c.get('user');
    // Each open stream holds a connection and a subscription: a user gets a few, not unlimited.
    const slot = await quotas.openStream(user.id);
    // `no-transform` keeps compressing proxies (and our own compress middleware) off the stream.
    c.header('Cache-Control', 'no-cache, no-transform');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (s) => {
      // Events are written one at a time and in order, even when their notifications load slowly.
      let queue = Promise.resolve();
      const deliver = (m: BusMessage) => {
        queue = queue.then(async () => {
          if (s.closed || s.aborted) return;
          if (m.event === HOUSEHOLD_CHANGED) return void (await listenForWards().catch(() => {}));
          if (m.event === NS_DATA_CHANGED) return;
          const personId = m.userId;
          // A ward's event: only while this account keeps them and has not muted them (checked now).
          if (
            personId !== user.id &&
            !(await receivesWard(c.get('db'), user.id, personId).catch(() => false))
          )
            return;
          if (m.event === 'notification.deleted') {
            await s.writeSSE({ event: m.event, id: m.id, data: JSON.stringify({ id: m.id, personId }) });
            return;
          }
          try {
            // Read in the person's scope: the policies check the guardianship once more.
            const scoped = withAuditClient(c.get('db'), { ...clientOfDb(c.get('db')), personId });
            const n: NotificationResponse = await getNotification(scoped, personId, m.id);
            await s.writeSSE({ event: m.event, id: m.id, data: JSON.stringify({ ...n, personId }) });
          } catch {
            // Deleted meanwhile (404) or the database is away: nothing to show for this event.
          }
        });
      };
      const closed = new Promise<void>((resolve) => s.onAbort(resolve));
      const subscriber = {
        onMessage: deliver,
        onResync: () => {
          queue = queue.then(() => s.writeSSE({ event: 'resync', data: '{}' })).catch(() => {});
        },
        onClose: () => s.abort(),
      };
      // The account's own person and every ward it gets notifications of; a ward added, accepted or
      // unmuted later is picked up when the household says so (a muted or removed one is filtered above).
      const subscriptions = new Map<string, () => void>();
      const listenForWards = async () => {
        for (const id of [user.id, ...(await unmutedWards(c.get('db'), user.id))])
          if (!subscriptions.has(id)) subscriptions.set(id, await bus.subscribe(id, subscriber));
      };
      await listenForWards();
      const unsubscribe = () => {
        for (const off of subscriptions.values()) off();
      };
      await s.write(`retry: ${RETRY_MS}\n\n`);
      // Sent once every subscription is in place: from here on, nothing for these people is missed.
      await s.writeSSE({ event: 'ready', data: '{}' });
      const heartbeat = setInterval(() => {
        queue = queue.then(async () => {
          if (!(await sessionAlive(c.get('db'), user.sessionId).catch(() => true))) return s.abort();
          await slot.renew().catch(() => {});
          await s.write(': heartbeat\n\n');
        });
      }, HEARTBEAT_MS);
      try {
        await closed;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        await slot.release().catch(() => {});
        logger.debug({ userId: user.id }, 'notification stream closed');
      }
    });
  });
  return app;
};
