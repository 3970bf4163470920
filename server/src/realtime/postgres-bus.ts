import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { BusMessage, RealtimeBus, SessionWatcher, SettingsWatcher } from './bus';
import { LocalFanout } from './fanout';

export const NOTIFY_CHANNEL = 'healthfolio_notifications';
/** Cache invalidations every process must hear: session revocations and platform settings changes. */
export const SESSIONS_CHANNEL = 'healthfolio_sessions';
/** How long a revocation waits for every process to confirm it before answering anyway. */
const ACK_TIMEOUT_MS = 2_000;
/** The listener connections' application_name: counting them counts the processes that cache sessions. */
const LISTENER_NAME = 'healthfolio-listener';

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
  const watchers = new Set<SessionWatcher>();
  const settingsWatchers = new Set<SettingsWatcher>();
  /** Every cache of this process forgets what it holds (messages may have been missed). */
  const resetCaches = () => {
    for (const w of watchers) w.onReset();
    for (const w of settingsWatchers) w.onChange();
  };
  // Revocations this process sent, waiting for every listening process (itself included) to confirm.
  const pending = new Map<string, { left: number; done: () => void }>();
  const self = randomUUID();
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
        () => {
          fanout.resync();
          resetCaches();
        },
        () => reconnectLater(),
      );
    }, retryMs);
    retryTimer.unref();
    // At most 2 s apart (a refused connection costs nothing): after a database restart, however long,
    // the streams carry events again within 2 s of it coming back (issue 37).
    retryMs = Math.min(retryMs * 2, 2_000);
  };

  const connect = () => {
    connecting ??= (async () => {
      const c = new pg.Client({ ...options, application_name: LISTENER_NAME });
      c.on('notification', (n) => {
        if (n.channel === SESSIONS_CHANNEL) return onSessions(n.payload);
        const m = n.channel === NOTIFY_CHANNEL ? parse(n.payload) : undefined;
        if (m) fanout.emit(m);
      });
      const lost = (err?: Error) => {
        if (client !== c) return;
        client = undefined;
        // Revocations sent while nobody listens would be missed: caches stop being used (sessionsLive,
        // settingsLive) until the listener is back.
        resetCaches();
        if (!closed) {
          logger.warn({ err: err && { message: err.message } }, 'realtime listener lost; reconnecting');
          reconnectLater();
        }
      };
      c.on('error', lost);
      c.on('end', () => lost());
      try {
        await c.connect();
        await c.query(`LISTEN ${NOTIFY_CHANNEL}; LISTEN ${SESSIONS_CHANNEL}`);
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

  const confirmed = (nonce: string) => {
    const p = pending.get(nonce);
    if (p && --p.left <= 0) p.done();
  };

  const onSessions = (payload: string | undefined) => {
    let m: { userId?: unknown; settings?: unknown; nonce?: unknown; from?: unknown; ack?: unknown } = {};
    try {
      m = JSON.parse(payload ?? '');
    } catch {}
    if (typeof m.ack === 'string') return confirmed(m.ack);
    if (m.settings === true) for (const w of settingsWatchers) w.onChange();
    else if (typeof m.userId === 'string') for (const w of watchers) w.onRevoke(m.userId);
    else for (const w of watchers) w.onReset();
    if (typeof m.nonce !== 'string') return;
    if (m.from === self) return confirmed(m.nonce);
    // The sender answers its request only once every process has forgotten the sessions.
    db.owner
      .execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify({ ack: m.nonce, from: self })})`)
      .catch((err: Error) =>
        logger.warn({ err: { message: err.message } }, 'session revocation not confirmed'),
      );
  };

  const listen = async () => {
    try {
      if (!client) await connect();
    } catch (err) {
      // Until the listener is up, the caches are not used (sessionsLive and settingsLive are false).
      logger.warn({ err: { message: (err as Error).message } }, 'realtime listener unavailable');
      reconnectLater();
    }
  };

  /** Sends a cache invalidation to every process and waits until each listening one confirmed it. */
  const broadcast = async (message: Record<string, unknown>) => {
    // Without a listener this process caches nothing, and cannot hear confirmations either.
    if (!client) {
      await db.owner.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify(message)})`);
      return;
    }
    // Every process with a listener (this one included) confirms; a process without one does not
    // use its caches. A process that never answers delays this by ACK_TIMEOUT_MS at most.
    const { rows } = await db.owner.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where application_name = ${LISTENER_NAME} and datname = current_database()`,
    );
    const nonce = randomUUID();
    const all = new Promise<void>((done) => {
      const timer = setTimeout(done, ACK_TIMEOUT_MS);
      pending.set(nonce, {
        left: Math.max(1, rows[0]?.n ?? 1),
        done: () => {
          clearTimeout(timer);
          done();
        },
      });
    });
    try {
      await db.owner.execute(
        sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify({ ...message, nonce, from: self })})`,
      );
      await all;
    } finally {
      pending.delete(nonce);
    }
  };

  // Messages published while a NOTIFY is on its way go together in the next statement: one round
  // trip for all of them, however many uploads announce at once (the same message once).
  let queued = new Map<string, { resolve: () => void; reject: (err: unknown) => void }[]>();
  let sending = false;
  const send = () => {
    if (sending || queued.size === 0) return;
    const batch = queued;
    queued = new Map();
    sending = true;
    db.owner
      .execute(
        sql`select pg_notify(${NOTIFY_CHANNEL}, m) from jsonb_array_elements_text(${JSON.stringify([...batch.keys()])}::jsonb) m`,
      )
      .then(
        () => {
          for (const waiters of batch.values()) for (const w of waiters) w.resolve();
        },
        (err) => {
          for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
        },
      )
      .finally(() => {
        sending = false;
        send();
      });
  };

  return {
    kind: 'postgres',
    publish(m) {
      return new Promise<void>((resolve, reject) => {
        const payload = JSON.stringify(m);
        const waiters = queued.get(payload);
        if (waiters) waiters.push({ resolve, reject });
        else queued.set(payload, [{ resolve, reject }]);
        send();
      });
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
    async revokeSessions(userId) {
      for (const w of watchers) w.onRevoke(userId);
      await broadcast({ userId });
    },
    async settingsChanged() {
      for (const w of settingsWatchers) w.onChange();
      await broadcast({ settings: true });
    },
    async watchSessions(w) {
      watchers.add(w);
      await listen();
    },
    sessionsLive: () => client !== undefined && !closed,
    async watchSettings(w) {
      settingsWatchers.add(w);
      await listen();
    },
    settingsLive: () => client !== undefined && !closed,
    async close() {
      closed = true;
      resetCaches();
      fanout.closeAll();
      clearTimeout(retryTimer);
      await connecting?.catch(() => {});
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
};
