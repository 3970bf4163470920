import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../server/src/db/database';
import { PROFILE_POINT_READ } from './bare-queries';

/** One indexed point read through the raw driver (PGlite's client or a pg pool). */
export type PointRead = (userId: string) => Promise<unknown>;

export interface BenchDatabase {
  name: string;
  db: Database;
  url?: string;
  /** The bare server's read, through the same driver as the app's. */
  pointRead: PointRead;
  close: () => Promise<void>;
}

export const openBenchPglite = async (): Promise<BenchDatabase> => {
  const db = await openPglite({});
  await db.migrate();
  return {
    name: 'PGlite',
    db,
    pointRead: async (userId) => (await db.client.query(PROFILE_POINT_READ, [userId])).rows[0],
    close: () => db.close(),
  };
};

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

const admin = async (url: string, query: string) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
};

/** A scratch database on the server at `baseUrl`, migrated, dropped on close; undefined when unreachable. */
export const openBenchPostgres = async (baseUrl: string): Promise<BenchDatabase | undefined> => {
  const name = `hf_bench_${process.pid}_${Date.now()}`;
  try {
    await admin(baseUrl, `create database ${name}`);
  } catch (err) {
    console.warn(`PostgreSQL not reachable at ${baseUrl} (${(err as Error).message}); skipping it.`);
    return undefined;
  }
  const url = withDatabase(baseUrl, name);
  const db = await openPostgres(url);
  await db.migrate();
  // Its own pool of the same size as the app's, so neither side is starved of connections.
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Dropping the scratch database terminates its connections; that must not end the run.
  pool.on('error', () => {});
  return {
    name: 'PostgreSQL',
    db,
    url,
    pointRead: async (userId) => (await pool.query(PROFILE_POINT_READ, [userId])).rows[0],
    close: async () => {
      await pool.end();
      await db.close();
      await admin(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
};
