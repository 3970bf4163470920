import pg from 'pg';
import { findCause } from './error-cause';

/** The server could not start on PostgreSQL; `message` is written for the person running it. */
export class DatabaseUnreachableError extends Error {}

// The server is not there yet, or is starting or shutting down: worth waiting for.
// A host name not found yet is a container whose database service has not started (or a typo, which
// then fails once the wait is over).
const TRANSIENT = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  '57P03',
]);

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  EAI_AGAIN: 'name lookup failed',
  ENOTFOUND: 'host not found',
  '57P03': 'the database is starting up',
  '3D000': 'the database does not exist',
  '28P01': 'the password was refused',
  '28000': 'the role may not sign in',
};

/** Host, port and database of a connection string: never its user name or password. */
const whereOf = (url: string) => {
  try {
    const u = new URL(url);
    // A Unix socket's directory comes as ?host=/run/postgresql.
    const host = u.hostname || u.searchParams.get('host') || 'localhost';
    return `${host}:${u.port || '5432'}${u.pathname || ''}`;
  } catch {
    return 'the address in DATABASE_URL';
  }
};

/** The driver's or the system's code, and the reason in words (the driver's own for anything else). */
const reasonOf = (err: unknown) => {
  const found = findCause(err, (e) => typeof e.code === 'string');
  const code = typeof found?.code === 'string' ? found.code : '';
  const message = (err as { message?: unknown })?.message;
  return {
    code,
    reason: REASONS[code] ?? (typeof message === 'string' ? message.slice(0, 200) : 'no answer'),
  };
};

const tryOnce = async (url: string) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => {});
  }
};

/**
 * Waits until PostgreSQL at `url` answers, for at most `deadlineMs`: a server started beside its
 * database (a container, a service manager) would otherwise exit on a stack trace while the database
 * is still starting. Logs each wait with the host, port and database only. A refusal that waiting
 * cannot fix (no such database, a wrong password) fails at once; every failure says, in words, what
 * to check.
 */
export const waitForPostgres = async (
  url: string,
  opts: {
    deadlineMs?: number;
    logger?: { warn: (obj: object, msg: string) => void };
    firstDelayMs?: number;
  } = {},
) => {
  const deadline = Date.now() + (opts.deadlineMs ?? 60_000);
  const where = whereOf(url);
  let delay = opts.firstDelayMs ?? 500;
  for (;;) {
    try {
      await tryOnce(url);
      return;
    } catch (err) {
      const { code, reason } = reasonOf(err);
      if (!TRANSIENT.has(code) || Date.now() + delay > deadline)
        throw new DatabaseUnreachableError(
          `Healthfolio could not use PostgreSQL at ${where} (${reason}). Check DATABASE_URL and that PostgreSQL is running and reachable from here.`,
        );
      opts.logger?.warn({ database: where, reason, retryInMs: delay }, 'waiting for PostgreSQL');
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 5_000);
    }
  }
};
