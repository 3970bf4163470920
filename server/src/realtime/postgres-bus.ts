import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { BusMessage, RealtimeBus } from './bus';
import { LocalFanout } from './fanout';

export const NOTIFY_CHANNEL = 'healthfolio_notifications';

const parse = (payload: string | undefined): BusMessage | undefined => {
  try {
    const m = JSON.parse(payload ?? '') as Partial<BusMessage>;
    return typeof m.userId === 'string' && typeof m.event === 'string' && typeof m.id === 'string'
      ? (m as BusMessage)
      : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Publishes with pg_notify through the pool; listens on one dedicated connection (LISTEN holds its
 * connection, so it cannot come from the pool). The listener connects on the first subscription, and
 * when it drops it reconnects with backoff and tells subscribers to reload what they may have missed.
 */
export const createPostgresBus = (db: Database, options: pg.ClientConfig, logger: Logger): RealtimeBus => {
  const fanout = new LocalFanout();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | undefined;

  const reconnectLater = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => fanout.resync(),
        () => reconnectLater(),
      );
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  };

  const connect = () => {
    connecting ??= (async () => {
      const c = new pg.Client(options);
      c.on('notification', (n) => {
        const m = n.channel === NOTIFY_CHANNEL ? parse(n.payload) : undefined;
        if (m) fanout.emit(m);
      });
      const lost = (err?: Error) => {
        if (client !== c) return;
        client = undefined;
        if (!closed) {
          logger.warn({ err: err && { message: err.message } }, 'realtime listener lost; reconnecting');
          reconnectLater();
        }
      };
      c.on('error', lost);
      c.on('end', () => lost());
      try {
        await c.connect();
        await c.query(`LISTEN ${NOTIFY_CHANNEL}`);
      } catch (err) {
        c.end().catch(() => {});
        throw err;
      }
      if (closed) {
        await c.end();
        return;
      }
      client = c;
      retryMs = 500;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    kind: 'postgres',
    async publish(m) {
      await db.owner.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(m)})`);
    },
    async subscribe(userId, s) {
      const remove = fanout.add(userId, s);
      try {
        if (!client) await connect();
      } catch (err) {
        // The stream still opens; the listener keeps trying and a resync follows once it is back.
        logger.warn({ err: { message: (err as Error).message } }, 'realtime listener unavailable');
        reconnectLater();
      }
      return remove;
    },
    async close() {
      closed = true;
      fanout.closeAll();
      clearTimeout(retryTimer);
      await connecting?.catch(() => {});
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
};
