import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { GUEST_ROLE } from '../../db/schema/rls';
import { hashShareToken, newShareToken, openToken, sealToken } from './share-token';

/**
 * The database alone enforces a share: these queries run in `db.asShare` WITHOUT any owner filter,
 * as a repository that forgot one would.
 */
let server: TestServer;
let alice: string;
let bob: string;
const KEY = 'ab'.repeat(32);

const exec = <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
  server.deps.db.asSystem(async (tx) => (await tx.execute<T>(q)).rows);

const share = async (
  owner: string,
  categories: string[],
  opts: { accessType?: string; expires?: string; revoked?: boolean } = {},
) => {
  const token = newShareToken();
  const [row] = await exec<{ id: string }>(sql`
    insert into shared_access (user_id, shared_with_email, access_type, expires_at, token_hash, sealed_token, revoked_at)
    values (${owner}, 'c@example.com', ${opts.accessType ?? 'view_only'},
      ${opts.expires ? sql.raw(`now() + interval '${opts.expires}'`) : null}, ${hashShareToken(token)}, 'x',
      ${opts.revoked ? sql`now()` : null})
    returning id`);
  for (const c of categories)
    await exec(
      sql`insert into shared_permissions (shared_access_id, user_id, data_category) values (${row!.id}, ${owner}, ${c})`,
    );
  return row!.id;
};

const seen = (shareId: string, q: ReturnType<typeof sql>) =>
  server.deps.db.asShare(shareId, async (tx) => (await tx.execute<Record<string, unknown>>(q)).rows);

beforeAll(async () => {
  server = await createTestServer();
  alice = (await signUpAndSignIn(server, 'alice-scope@example.com')).userId;
  bob = (await signUpAndSignIn(server, 'bob-scope@example.com')).userId;
  for (const [user, prefix] of [
    [alice, 'a'],
    [bob, 'b'],
  ] as const) {
    for (const [tracker, daysAgo] of [
      ['blood-pressure', 1],
      ['blood-pressure', 40],
      ['blood-pressure', 100],
      ['journal', 1],
      ['a1c', 1],
      ['medication', 1],
    ] as const)
      await exec(sql`insert into tracker_entries (user_id, tracker, occurred_at, notes, data)
        values (${user}, ${tracker}, now() - ${`${daysAgo} days`}::interval, ${`${prefix}-${tracker}-${daysAgo}`}, '{}')`);
    await exec(
      sql`insert into glucose_readings (user_id, value_mgdl, recorded_at, source) values (${user}, 150, now(), 'manual')`,
    );
    await exec(sql`insert into appointments (user_id, provider, date, start_time, time_zone, starts_at)
      values (${user}, ${`${prefix}-dr`}, current_date + 3, '10:00', 'UTC', now() + interval '3 days')`);
    await exec(sql`insert into notifications (user_id, type, title, content, sender_name, sender_type, due_date, metadata)
      values (${user}, 'reminder', ${`${prefix}-dose`}, 'x', 'Medication', 'system', now(), '{"medication_name":"M"}'),
             (${user}, 'note', ${`${prefix}-note`}, 'x', 'You', 'user', null, '{}'),
             (${user}, 'reminder', ${`${prefix}-other-reminder`}, 'x', 'You', 'user', now(), '{}')`);
  }
});
afterAll(() => server.close());

describe('the share scope', () => {
  it('admits only the owner’s rows of the granted categories, within the level’s history', async () => {
    const id = await share(alice, ['health_metrics', 'medications']);
    const entries = await seen(id, sql`select notes from tracker_entries order by notes`);
    // view_only: 30 days; journal is in no category; a1c is lab_results (not granted).
    expect(entries.map((r) => r.notes)).toEqual(['a-blood-pressure-1', 'a-medication-1']);
    expect((await seen(id, sql`select user_id from glucose_readings`)).map((r) => r.user_id)).toEqual([
      alice,
    ]);
    expect((await seen(id, sql`select title from notifications`)).map((r) => r.title)).toEqual(['a-dose']);
    expect(await seen(id, sql`select provider from appointments`)).toEqual([]);
    expect(await seen(id, sql`select id from profiles`)).toEqual([]);
    expect(await seen(id, sql`select id from audit_logs`)).toEqual([]);
  });

  it('limited access reaches 90 days back and full access the whole history', async () => {
    const limited = await share(alice, ['health_metrics'], { accessType: 'limited_access' });
    const full = await share(alice, ['health_metrics'], { accessType: 'full_access' });
    const notes = async (id: string) =>
      (await seen(id, sql`select notes from tracker_entries order by occurred_at desc`)).map((r) => r.notes);
    expect(await notes(limited)).toEqual(['a-blood-pressure-1', 'a-blood-pressure-40']);
    expect(await notes(full)).toEqual(['a-blood-pressure-1', 'a-blood-pressure-40', 'a-blood-pressure-100']);
  });

  it('admits nothing once revoked or expired, and nothing of any category then', async () => {
    const all = ['health_metrics', 'medications', 'appointments', 'lab_results'];
    for (const id of [
      await share(alice, all, { revoked: true }),
      await share(alice, all, { expires: '-1 second' }),
    ]) {
      for (const table of ['tracker_entries', 'glucose_readings', 'notifications', 'appointments'])
        expect(await seen(id, sql`select 1 from ${sql.identifier(table)}`), table).toEqual([]);
    }
    const later = await share(alice, ['appointments'], { expires: '1 hour' });
    expect((await seen(later, sql`select provider from appointments`)).map((r) => r.provider)).toEqual([
      'a-dr',
    ]);
  });

  it('sees its own share row only, and a permission forged by another owner grants nothing', async () => {
    const id = await share(alice, ['health_metrics']);
    await share(alice, ['appointments']);
    expect((await seen(id, sql`select id from shared_access`)).map((r) => r.id)).toEqual([id]);
    // Bob writes a permission row for Alice's share under his own user id (RLS lets him own the row).
    await server.deps.db.asUser(bob, (tx) =>
      tx.execute(
        sql`insert into shared_permissions (shared_access_id, user_id, data_category) values (${id}, ${bob}, 'appointments')`,
      ),
    );
    expect(await seen(id, sql`select provider from appointments`)).toEqual([]);
  });

  it('reads as the guest role: the owner’s definer-only rows stay shut to it', async () => {
    const id = await share(alice, all());
    await exec(sql`insert into guardianships (person_id, guardian_id) values (${alice}, ${bob})
      on conflict do nothing`);
    expect(await seen(id, sql`select current_user as role`)).toEqual([{ role: GUEST_ROLE }]);
    // The policies that let the owner's SECURITY DEFINER functions read these exclude the guest role
    // as they exclude the app role; were it left out, a share would read every guardianship.
    expect(await seen(id, sql`select person_id from guardianships`)).toEqual([]);
    expect(await seen(id, sql`select id from household_follower_tokens`)).toEqual([]);
    await expect(seen(id, sql`update audit_chain_heads set last_seq = 0 returning chain`)).rejects.toThrow();
  });

  it('is read-only: every insert, update or delete is refused by the grants, before any policy', async () => {
    const id = await share(alice, all(), { accessType: 'full_access' });
    const writes = [
      sql`insert into tracker_entries (user_id, tracker, occurred_at, data) values (${alice}, 'weight', now(), '{}')`,
      sql`update tracker_entries set notes = 'x' returning id`,
      sql`delete from appointments returning id`,
      sql`update shared_access set revoked_at = null, access_type = 'full_access' returning id`,
      sql`delete from shared_permissions returning data_category`,
      sql`insert into shared_permissions (shared_access_id, user_id, data_category) values (${id}, ${alice}, 'documents')`,
      // Zero rows: row-level security alone would let these through as no-ops; the grants do not.
      sql`delete from glucose_readings where false`,
      sql`update profiles set display_name = 'x' where false`,
    ];
    for (const write of writes)
      await expect(seen(id, write)).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/^permission denied/) },
      });
    expect((await seen(id, sql`select notes from tracker_entries`)).length).toBeGreaterThan(0);
  });

  it('applies to a share’s transaction only: a user’s own scope that names the share sees none of it', async () => {
    const id = await share(alice, all(), { accessType: 'full_access' });
    const notes = await server.deps.db.asUser(bob, async (tx) => {
      await tx.execute(sql`select set_config('app.share_id', ${id}, true)`);
      return (await tx.execute<{ notes: string }>(sql`select notes from tracker_entries`)).rows;
    });
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((r) => r.notes.startsWith('b-'))).toBe(true);
  });

  it('leaves the owner’s and other users’ own scopes as they were', async () => {
    const bp = await server.deps.db.asUser(
      bob,
      async (tx) =>
        (
          await tx.execute<{ notes: string }>(
            sql`select notes from tracker_entries where tracker = 'blood-pressure'`,
          )
        ).rows,
    );
    expect(bp.map((r) => r.notes).every((n) => n.startsWith('b-'))).toBe(true);
  });
});

describe('share tokens', () => {
  it('are 256 random bits, distinct, unbiased, and kept only as a digest or sealed', () => {
    const tokens = Array.from({ length: 2000 }, newShareToken);
    expect(new Set(tokens).size).toBe(tokens.length);
    const bytes = tokens.flatMap((t) => [...Buffer.from(t, 'base64url')]);
    expect(bytes.length).toBe(2000 * 32);
    const ones = bytes.reduce((n, b) => n + b.toString(2).replaceAll('0', '').length, 0);
    // 512,000 fair bits: the share of ones sits within a few hundredths of a percent of half.
    expect(Math.abs(ones / (bytes.length * 8) - 0.5)).toBeLessThan(0.005);
    const t = tokens[0]!;
    expect(hashShareToken(t)).toMatch(/^[0-9a-f]{64}$/);
    const sealed = sealToken(t, KEY);
    expect(sealed).not.toContain(t);
    expect(openToken(sealed, KEY)).toBe(t);
    expect(() => openToken(sealed, 'cd'.repeat(32))).toThrow();
  });
});

function all() {
  return ['health_metrics', 'medications', 'appointments', 'lab_results'];
}
