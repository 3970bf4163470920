import { randomBytes } from 'node:crypto';
import { LIVE_SHARES_MAX } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestServer,
  mailBody,
  signUpAndSignIn,
  type TestClient,
  type TestServer,
} from '../../../test/harness';

/** Issue 29 item 5: invitations email the user's own words to any address; they must not be a relay. */
let server: TestServer;
const SHARE_INVITATIONS_PER_HOUR = 10;
beforeAll(async () => {
  // The defaults (10 an hour, 50 a day): the harness raises them for every other suite.
  server = await createTestServer({}, { SHARE_INVITATIONS_PER_HOUR: '', SHARE_INVITATIONS_PER_DAY: '' });
});
afterAll(() => server.close());

const invite = (client: TestClient, email: string, message?: string) =>
  client.post('/api/v1/shares', { email, categories: ['health_metrics'], ...(message && { message }) });

const mailsTo = async (prefix: string) =>
  (
    await server.deps.db.asSystem((tx) =>
      tx.execute<{ to_address: string; text_body: string }>(
        sql`select to_address, text_body from mail_outbox where to_address like ${`${prefix}%`} order by created_at`,
      ),
    )
  ).rows;

const waitForMails = async (prefix: string, n: number) => {
  for (let i = 0; i < 100 && (await mailsTo(prefix)).length < n; i++)
    await new Promise((r) => setTimeout(r, 50));
  return mailsTo(prefix);
};

describe('caregiver invitations', () => {
  it(`sends ${SHARE_INVITATIONS_PER_HOUR} an hour, then answers 429 with Retry-After and sends nothing`, async () => {
    const { client } = await signUpAndSignIn(server, 'spammer@example.com');
    for (let i = 0; i < SHARE_INVITATIONS_PER_HOUR; i++)
      expect((await invite(client, `target${i}@example.net`, 'Buy now')).status).toBe(201);
    const refused = await invite(client, 'target-extra@example.net', 'Buy now');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toMatchObject({
      code: 'rate_limited',
      detail: expect.stringMatching(
        /^You have sent 10 invitations in the last hour\. You can send more invitations in (59|60) minutes\.$/,
      ),
    });
    await waitForMails('target', SHARE_INVITATIONS_PER_HOUR);
    await new Promise((r) => setTimeout(r, 200));
    expect((await mailsTo('target-extra')).length).toBe(0);
    expect((await (await client.get('/api/v1/shares')).json()).items).toHaveLength(
      SHARE_INVITATIONS_PER_HOUR,
    );
    // Another user's budget is their own.
    const other = (await signUpAndSignIn(server, 'neighbour@example.com')).client;
    expect((await invite(other, 'friend@example.net')).status).toBe(201);
  });

  it(`keeps at most ${LIVE_SHARES_MAX} live shares; revoking one makes room`, async () => {
    const { client, userId } = await signUpAndSignIn(server, 'many-carers@example.com');
    // Earlier shares, made over past days (the hourly budget is not what this tests).
    await server.deps.db.asSystem(async (tx) => {
      for (let i = 0; i < LIVE_SHARES_MAX - 1; i++)
        await tx.execute(sql`insert into shared_access (user_id, shared_with_email, token_hash, sealed_token)
          values (${userId}, ${`old${i}@example.net`}, ${randomBytes(32).toString('hex')}, 'x')`);
      // Revoked and expired shares do not count.
      await tx.execute(sql`insert into shared_access (user_id, shared_with_email, token_hash, sealed_token, revoked_at)
        values (${userId}, 'gone@example.net', ${randomBytes(32).toString('hex')}, 'x', now())`);
      await tx.execute(sql`insert into shared_access (user_id, shared_with_email, token_hash, sealed_token, expires_at)
        values (${userId}, 'past@example.net', ${randomBytes(32).toString('hex')}, 'x', now() - interval '1 day')`);
    });
    const last = await invite(client, 'fiftieth@example.net');
    expect(last.status).toBe(201);
    const over = await invite(client, 'fifty-first@example.net');
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({
      code: 'too_many_shares',
      detail: `You can have at most ${LIVE_SHARES_MAX} active shares. Revoke one you no longer need first.`,
    });
    expect((await client.post(`/api/v1/shares/${(await last.json()).id}/revoke`)).status).toBe(200);
    expect((await invite(client, 'fifty-first@example.net')).status).toBe(201);
  });

  it('shows the personal message as the user’s quoted words, every line', async () => {
    const { client } = await signUpAndSignIn(server, 'quoter@example.com');
    await client.patch('/api/v1/profile', { displayName: 'Quinn Quoter' });
    const message = 'Hi Sam,\nplease check my readings.\n\nThanks';
    expect((await invite(client, 'quoted-carer@example.net', message)).status).toBe(201);
    const [mail] = await waitForMails('quoted-carer', 1);
    expect(mailBody(server.deps.db, mail!.text_body)).toContain(
      "Quinn Quoter added a message (their words, not Healthfolio's):\n> Hi Sam,\n> please check my readings.\n>\n> Thanks\n",
    );
  });
});
