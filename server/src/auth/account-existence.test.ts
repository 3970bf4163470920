import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestServer,
  PASSWORD,
  signUpAndSignIn,
  TestClient,
  type TestResponse,
  type TestServer,
} from '../../test/harness';
import { startSmtpCapture } from '../../test/smtp-capture';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await createTestServer({ smtpUrl: smtp.url });
});
afterAll(async () => {
  smtp.resume();
  await server.deps.background.settled();
  await server.close();
  await smtp.close();
});

/** A client that returns as soon as the response does (the harness's default one waits for mail). */
const impatient = () => new TestClient(server.app);

/** Everything an observer sees of a response, minus what differs on every request anyway. */
const observable = async (res: TestResponse) => {
  const headers = Object.fromEntries(
    [...res.headers].filter(([name]) => !['date', 'x-request-id'].includes(name.toLowerCase())),
  );
  return { status: res.status, headers, body: await res.text() };
};

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await sleep(50);
  return check();
};

const mailsTo = (to: string) => smtp.messages.filter((m) => m.to.includes(to)).length;

describe('account existence does not show in the answers', () => {
  it('answers a reset request for a registered address exactly as for an unknown one, mailing afterwards', async () => {
    const known = 'known-reset@example.com';
    await signUpAndSignIn(server, known);
    const before = mailsTo(known);
    smtp.pause();
    try {
      const forKnown = await impatient().post('/api/auth/request-password-reset', { email: known });
      const forUnknown = await impatient().post('/api/auth/request-password-reset', {
        email: 'nobody-here@example.com',
      });
      // The answer came while the mail server still held the message: the send did not delay it.
      expect(mailsTo(known)).toBe(before);
      expect(await observable(forKnown)).toEqual(await observable(forUnknown));
      expect(forKnown.status).toBe(200);
      expect(await waitFor(() => smtp.heldCount() === 1)).toBe(true);
    } finally {
      smtp.resume();
    }
    expect(await waitFor(() => mailsTo(known) === before + 1)).toBe(true);
  });

  it('answers a sign-up for a taken address exactly as for a new one, mailing the new one afterwards', async () => {
    const taken = 'taken@example.com';
    await signUpAndSignIn(server, taken);
    smtp.pause();
    try {
      const fresh = 'brand-new@example.com';
      const forNew = await impatient().post('/api/auth/sign-up/email', { email: fresh, password: PASSWORD });
      const forTaken = await impatient().post('/api/auth/sign-up/email', {
        email: taken,
        password: PASSWORD,
      });
      expect(forNew.status).toBe(200);
      expect(await observable(forNew)).toEqual(await observable(forTaken));
      expect(mailsTo(fresh)).toBe(0);
      expect(await waitFor(() => smtp.heldCount() === 1)).toBe(true);
      smtp.resume();
      expect(await waitFor(() => mailsTo(fresh) === 1)).toBe(true);
    } finally {
      smtp.resume();
    }
  });

  it('answers sign-up, resend and reset no sooner than AUTH_MIN_RESPONSE_MS, whether the address is known or not', async () => {
    // The harness turns this floor off for every other test; here it is the production default.
    const MIN_MS = 300;
    const floored = await createTestServer({ smtpUrl: smtp.url }, { AUTH_MIN_RESPONSE_MS: String(MIN_MS) });
    try {
      await floored
        .client()
        .post('/api/auth/sign-up/email', { email: 'slow@example.com', password: PASSWORD });
      const took = async (path: string, body: object) => {
        const started = performance.now();
        expect((await new TestClient(floored.app).post(path, body)).status).toBe(200);
        return performance.now() - started;
      };
      const times = [];
      for (const email of ['slow@example.com', 'nobody-slow@example.com']) {
        times.push(await took('/api/auth/sign-up/email', { email, password: PASSWORD }));
        times.push(await took('/api/auth/send-verification-email', { email }));
        times.push(await took('/api/auth/request-password-reset', { email }));
      }
      // The server waits until its own clock (whole milliseconds) has passed the floor.
      for (const ms of times) expect(ms).toBeGreaterThanOrEqual(MIN_MS - 1);
    } finally {
      await floored.deps.background.settled();
      await floored.close();
    }
  });

  it('answers a resend for an unconfirmed address exactly as for an unknown or confirmed one', async () => {
    const pending = 'pending@example.com';
    await server.client().post('/api/auth/sign-up/email', { email: pending, password: PASSWORD });
    await signUpAndSignIn(server, 'confirmed@example.com');
    smtp.pause();
    try {
      const answers = [];
      for (const email of [pending, 'ghost@example.com', 'confirmed@example.com'])
        answers.push(
          await observable(await impatient().post('/api/auth/send-verification-email', { email })),
        );
      expect(answers[0]!.status).toBe(200);
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(await waitFor(() => smtp.heldCount() === 1)).toBe(true);
    } finally {
      smtp.resume();
    }
  });
});
