import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '../../server/src/app';
import { createDeps } from '../../server/src/app-deps';
import { loadConfig } from '../../server/src/config';
import { openPglite, openPostgres } from '../../server/src/db/database';
import { signedInCookie } from './app-server';

// Random per run (config refuses a guessable session secret); the seed signs the cookie with it and
// the app process gets the same values.
export const BENCH_SECRETS = {
  SESSION_SECRET: randomBytes(32).toString('hex'),
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
};

export const ENTRY_BODY = (at = new Date()) =>
  JSON.stringify({
    tracker: 'weight',
    occurredAt: at.toISOString(),
    data: { weight: 72.4, weightUnit: 'kg' },
  });

export type BenchTarget = { databaseUrl?: string; dataDir?: string };

export const openBenchDatabase = (target: BenchTarget) =>
  target.databaseUrl ? openPostgres(target.databaseUrl) : openPglite({ dataDir: target.dataDir! });

/**
 * The app in this process on the bench's database, configured as the app process will be (the same
 * secrets, so cookies it signs are valid there), for seeding through the API; `close` ends both.
 */
export const inProcessApp = async (
  target: BenchTarget,
  opts: { migrate?: boolean; env?: Record<string, string> } = {},
) => {
  const db = await openBenchDatabase(target);
  if (opts.migrate) await db.migrate();
  const config = loadConfig({
    APP_URL: 'http://localhost:3000',
    DATA_DIR: target.dataDir ?? '/nonexistent-bench-data',
    DATABASE_URL: target.databaseUrl,
    LOG_LEVEL: 'silent',
    ...BENCH_SECRETS,
    ...opts.env,
  });
  const deps = await createDeps(config, { db, logger: pino({ level: 'silent' }) });
  const app = createApp(deps);
  return {
    app,
    db,
    signIn: (email: string) => signedInCookie(app, db, email, config.encryptionKey),
    close: async () => {
      await deps.bus.close();
      await db.close();
    },
  };
};

/**
 * Prepares the database the servers will use, before they start: migrated, one verified user signed
 * in through the API (so the cookie is the real thing), 60 weight entries through the API, and 90 days
 * of 5-minute CGM readings (25,920).
 */
export const seedBenchDatabase = async (target: BenchTarget) => {
  const { app, db, signIn, close } = await inProcessApp(target, { migrate: true });
  try {
    const session = await signIn(`bench-${Date.now()}@example.com`);
    for (let i = 0; i < 60; i++) {
      const res = await app.request('/api/v1/entries', {
        method: 'POST',
        headers: { cookie: session.cookie, 'content-type': 'application/json' },
        body: ENTRY_BODY(new Date(Date.now() - i * 3_600_000)),
      });
      if (res.status !== 201) throw new Error(`seeding an entry failed: ${res.status} ${await res.text()}`);
    }
    await db.asSystem((tx) =>
      tx.execute(sql`
        insert into glucose_readings (user_id, value_mgdl, recorded_at, source)
        select ${session.userId}, least(400, greatest(40, round(140 + 50 * sin(i * 0.0218) + 25 * sin(i * 0.37)))),
          date_trunc('minute', now()) - i * interval '5 minutes', 'cgm'
        from generate_series(0, 25919) i`),
    );
    return session;
  } finally {
    await close();
  }
};

/**
 * Removes the entries and uploaded readings a measurement's writes added (the bare server's POSTs), so
 * the app then reads the same 60 seeded entries the bare server read, not the tens of thousands the
 * bare writes left, and its uploads are not replays of the bare server's.
 */
export const removeBenchWrites = async (target: { databaseUrl?: string; dataDir?: string }, since: Date) => {
  const db = target.databaseUrl
    ? await openPostgres(target.databaseUrl)
    : await openPglite({ dataDir: target.dataDir! });
  try {
    // Every user's: the writers' lines (bench/lib/seed-scale.ts) write as other users too.
    await db.owner.execute(sql`delete from tracker_entries where created_at >= ${since.toISOString()}`);
    await db.owner.execute(
      sql`delete from glucose_readings where created_at >= ${since.toISOString()} and source like 'device:nightscout:%'`,
    );
  } finally {
    await db.close();
  }
};
