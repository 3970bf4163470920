import type { NotificationEvent } from '@healthfolio/core';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { LocalFanout } from './fanout';
import { createPostgresBus } from './postgres-bus';

/**
 * What crosses the bus: who, what happened and which notification. The notification itself is read
 * again by whoever delivers it, in the user's scope, so a message never carries health text and always
 * fits PostgreSQL's 8 kB NOTIFY payload.
 */
export interface BusMessage {
  userId: string;
  event: NotificationEvent;
  id: string;
}

export interface Subscriber {
  onMessage(m: BusMessage): void;
  /** Messages may have been missed (the listening connection was lost): reload what is shown. */
  onResync?(): void;
  /** The server is shutting down: end the stream so the browser reconnects to another process. */
  onClose?(): void;
}

export interface RealtimeBus {
  kind: 'memory' | 'postgres';
  publish(m: BusMessage): Promise<void>;
  /** Resolves once messages for this user reach the subscriber; call the result to unsubscribe. */
  subscribe(userId: string, subscriber: Subscriber): Promise<() => void>;
  close(): Promise<void>;
}

/** One process, one database (PGlite): an in-process emitter is the whole bus. */
export const createMemoryBus = (): RealtimeBus => {
  const fanout = new LocalFanout();
  return {
    kind: 'memory',
    async publish(m) {
      // Delivered after the publisher's own work, as a NOTIFY would be.
      queueMicrotask(() => fanout.emit(m));
    },
    async subscribe(userId, s) {
      return fanout.add(userId, s);
    },
    async close() {
      fanout.closeAll();
    },
  };
};

/** PostgreSQL: LISTEN/NOTIFY, so every API process serving the database hears every event. */
export const createRealtimeBus = (db: Database, logger: Logger): RealtimeBus => {
  const pool = (db as Database & { pool?: pg.Pool }).pool;
  return db.kind === 'postgres' && pool ? createPostgresBus(db, pool.options, logger) : createMemoryBus();
};
