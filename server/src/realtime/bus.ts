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
  /**
   * A notification's event, or `household.changed` (server-only, on the account's own channel: someone
   * was added, accepted or unmuted, so its open streams listen for them too; `id` is that person), or
   * `ns.data` (server-only: the person's Nightscout data changed).
   */
  event: NotificationEvent | typeof HOUSEHOLD_CHANGED | typeof NS_DATA_CHANGED;
  id: string;
}

export const HOUSEHOLD_CHANGED = 'household.changed';
/**
 * Server-only, on the person's channel: Nightscout data of theirs was written (readings, treatments,
 * device status, profiles), so the follower sockets reading them send what changed (`id` is empty).
 */
export const NS_DATA_CHANGED = 'ns.data';

export interface Subscriber {
  onMessage(m: BusMessage): void;
  /** Messages may have been missed (the listening connection was lost): reload what is shown. */
  onResync?(): void;
  /** The server is shutting down: end the stream so the browser reconnects to another process. */
  onClose?(): void;
}

/** A process's cache of resolved sessions, kept true by revocations from every process. */
export interface SessionWatcher {
  /** This user's sessions changed somewhere (sign-out, revocation, password change): forget them. */
  onRevoke(userId: string): void;
  /** Revocations may have been missed (the listener was lost or is back): forget everything. */
  onReset(): void;
}

/** A process's cache of the platform settings, kept true by changes made in any process. */
export interface SettingsWatcher {
  /** The settings changed somewhere, or changes may have been missed (listener lost or back): reload. */
  onChange(): void;
}

export interface RealtimeBus {
  kind: 'memory' | 'postgres';
  publish(m: BusMessage): Promise<void>;
  /** Resolves once messages for this user reach the subscriber; call the result to unsubscribe. */
  subscribe(userId: string, subscriber: Subscriber): Promise<() => void>;
  /**
   * Tells every process (this one included) to forget the user's cached sessions; resolves once the
   * message has come back through the database to this process, so the others have it too.
   */
  revokeSessions(userId: string): Promise<void>;
  /** Starts listening for revocations (PostgreSQL: connects the listener now, not on first stream). */
  watchSessions(watcher: SessionWatcher): Promise<void>;
  /** True while revocations from every process reach this one; a session cache is only used then. */
  sessionsLive(): boolean;
  /**
   * Tells every process (this one included) to reload the platform settings; resolves once every
   * listening process has confirmed, so a change is in force everywhere when the admin sees it saved.
   */
  settingsChanged(): Promise<void>;
  /** Starts listening for settings changes (PostgreSQL: connects the listener now). */
  watchSettings(watcher: SettingsWatcher): Promise<void>;
  /** True while settings changes from every process reach this one; else the cache falls back to a TTL. */
  settingsLive(): boolean;
  close(): Promise<void>;
}

/** One process, one database (PGlite): an in-process emitter is the whole bus. */
export const createMemoryBus = (): RealtimeBus => {
  const fanout = new LocalFanout();
  const watchers = new Set<SessionWatcher>();
  const settingsWatchers = new Set<SettingsWatcher>();
  return {
    kind: 'memory',
    async publish(m) {
      // Delivered after the publisher's own work, as a NOTIFY would be.
      queueMicrotask(() => fanout.emit(m));
    },
    async subscribe(userId, s) {
      return fanout.add(userId, s);
    },
    // One process: the revocation reaches every cache before this returns.
    async revokeSessions(userId) {
      for (const w of watchers) w.onRevoke(userId);
    },
    async watchSessions(w) {
      watchers.add(w);
    },
    sessionsLive: () => true,
    async settingsChanged() {
      for (const w of settingsWatchers) w.onChange();
    },
    async watchSettings(w) {
      settingsWatchers.add(w);
    },
    settingsLive: () => true,
    async close() {
      fanout.closeAll();
      for (const w of watchers) w.onReset();
      for (const w of settingsWatchers) w.onChange();
    },
  };
};

/** PostgreSQL: LISTEN/NOTIFY, so every API process serving the database hears every event. */
export const createRealtimeBus = (db: Database, logger: Logger): RealtimeBus => {
  const pool = (db as Database & { pool?: pg.Pool }).pool;
  return db.kind === 'postgres' && pool ? createPostgresBus(db, pool.options, logger) : createMemoryBus();
};
