import { Client } from 'pg';

const ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement on the server's admin database (creating, altering, dropping databases). */
export const admin = async (q: string) => {
  const c = new Client(ADMIN);
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
};

/**
 * Runs `fn` against a database of its own on the bench's PostgreSQL (`BENCH_DATABASE_URL`), created
 * empty for it and dropped afterwards, whatever happens.
 */
export const withScratchDatabase = async <T>(
  prefix: string,
  fn: (target: { databaseUrl: string }, name: string) => Promise<T>,
) => {
  const name = `${prefix}_${process.pid}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN);
  url.pathname = `/${name}`;
  try {
    return await fn({ databaseUrl: url.toString() }, name);
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
};
