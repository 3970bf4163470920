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
