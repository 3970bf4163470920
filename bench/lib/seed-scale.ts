import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type BenchTarget, inProcessApp, openBenchDatabase } from './seed';

/** `count` users who each signed up, confirmed and signed in through the API: their cookies and ids. */
export const seedWriteUsers = async (target: BenchTarget, count: number) => {
  const { signIn, close } = await inProcessApp(target);
  try {
    const users: { cookie: string; userId: string }[] = [];
    for (let i = 0; i < count; i++) users.push(await signIn(`bench-writer-${i}-${Date.now()}@example.com`));
    return users;
  } finally {
    await close();
  }
};

export interface Uploader {
  userId: string;
  slug: string;
  /** What the app sends as `api-secret`: the SHA-1 hex of the credential's secret. */
  apiSecret: string;
}

const hex = (algorithm: string, text: string) => createHash(algorithm).update(text, 'utf8').digest('hex');

/**
 * `count` users, each with a profile, the user role and one Nightscout upload credential, written by
 * bulk SQL into the bench's scratch database (signing 2,000 users up through the API would take longer
 * than the measurement). The rows are the ones sign-up and `POST /api/v1/devices/nightscout/credentials`
 * write: the secret is stored as SHA-256 of its SHA-1 (and SHA-512) hex, as ns-credentials.service does.
 */
export const seedUploaders = async (target: BenchTarget, count: number): Promise<Uploader[]> => {
  const db = await openBenchDatabase(target);
  try {
    const run = Date.now().toString(36);
    const secrets = Array.from({ length: count }, (_, i) => `bench-upload-secret-${run}-${i}`);
    const slugs = Array.from({ length: count }, (_, i) => `bench${String(i).padStart(11, '0')}`);
    const sha1 = secrets.map((s) => hex('sha1', s));
    const stored = sha1.map((h) => hex('sha256', h));
    const stored512 = secrets.map((s) => hex('sha256', hex('sha512', s)));
    const users = await db.owner.execute<{ id: string }>(sql`
      insert into auth."user" (name, email, email_verified)
      select 'Uploader ' || i, 'bench-uploader-' || ${run} || '-' || i || '@example.com', true
      from generate_series(0, ${count - 1}::int) i order by i returning id`);
    const ids = users.rows.map((r) => r.id);
    const arr = (values: string[]) => `{${values.join(',')}}`;
    await db.asSystem(async (tx) => {
      await tx.execute(sql`
        insert into profiles (user_id, display_name, user_type)
        select u, 'Uploader', 'diabetes_focused' from unnest(${arr(ids)}::uuid[]) u`);
      await tx.execute(sql`insert into user_roles (user_id) select u from unnest(${arr(ids)}::uuid[]) u`);
      await tx.execute(sql`
        insert into ns_upload_credentials (user_id, slug, name, secret_hash, secret_hash_sha512)
        select u, s, 'xDrip+', h, h5
        from unnest(${arr(ids)}::uuid[], ${arr(slugs)}::text[], ${arr(stored)}::text[],
          ${arr(stored512)}::text[]) as t(u, s, h, h5)`);
    });
    return ids.map((userId, i) => ({ userId, slug: slugs[i]!, apiSecret: sha1[i]! }));
  } finally {
    await db.close();
  }
};

export const INGEST_DEVICE = 'xDrip-DexcomG6';

/** One Nightscout sgv document, as xDrip+ uploads it. */
export const nsReading = (atMs: number, mgdl: number, device = 'xDrip-Bench') =>
  JSON.stringify([
    {
      type: 'sgv',
      sgv: mgdl,
      date: atMs,
      dateString: new Date(atMs).toISOString(),
      direction: 'Flat',
      device,
    },
  ]);
