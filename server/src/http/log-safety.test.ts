import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestServer,
  latestMailLink,
  PASSWORD,
  signUpAndSignIn,
  type TestClient,
  type TestServer,
} from '../../test/harness';
import { startSmtpCapture, subjectOf, textBody } from '../../test/smtp-capture';
import { createReminderScheduler } from '../jobs/reminder-scheduler';
import { createLogger } from './log-safety';

/** The real logger (same options as main.ts), writing into memory instead of stdout. */
const captureLog = () => {
  const lines: string[] = [];
  const logger = createLogger('trace', { write: (s: string) => void lines.push(s) });
  return {
    logger,
    text: () => lines.join(''),
    entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown> & { msg: string }),
  };
};

/** Fails naming the first secret found, with the line that carries it. */
const expectAbsent = (log: string, secrets: string[]) => {
  for (const secret of secrets) {
    const line = log.split('\n').find((l) => l.includes(secret));
    expect(line, `log leaks ${secret}`).toBeUndefined();
  }
};

const EMAIL_BODIES = [
  'Confirm your email address',
  'Choose a new password',
  'is due',
  'Welcome to Healthfolio',
  'reminders is due',
];

describe('what the log never holds (SMTP configured)', () => {
  const log = captureLog();
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: TestServer;
  let alice: TestClient;
  const email = 'log-alice@example.com';
  const secrets: string[] = [email];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await createTestServer({ smtpUrl: smtp.url }, {}, { logger: log.logger });
    // Sign-up: the confirmation link (a token in the query string) is mailed and opened.
    ({ client: alice } = await signUpAndSignIn(server, email));
    const confirm = await latestMailLink(server.deps.db, email);
    secrets.push(confirm, new URL(confirm).searchParams.get('token')!);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('a password reset leaves neither its link nor its token in the log', async () => {
    // Another account: a reset signs its owner out everywhere.
    const forgetful = 'log-bob@example.com';
    await signUpAndSignIn(server, forgetful);
    secrets.push(forgetful);
    const anon = server.client();
    await anon.post('/api/auth/request-password-reset', { email: forgetful, redirectTo: '/reset-password' });
    const link = new URL(await latestMailLink(server.deps.db, forgetful));
    const landing = await anon.get(link.pathname + link.search);
    const target = new URL(landing.headers.get('location')!, 'http://localhost:3000');
    const token = target.searchParams.get('token')!;
    expect(link.pathname).toContain(token);
    // The web app's page as the browser opens it, then the reset itself.
    await anon.get(`${target.pathname}${target.search}`);
    expect(
      (await anon.post('/api/auth/reset-password', { newPassword: 'Other-Pass-Word-91', token })).status,
    ).toBe(200);
    secrets.push(link.href, token, 'Other-Pass-Word-91');

    const requests = log.entries().filter((e) => e.msg === 'request');
    expect(requests.map((e) => e.route)).toEqual(
      expect.arrayContaining([
        '/api/auth/request-password-reset',
        '/api/auth/reset-password/:param',
        '/api/auth/reset-password',
        '/api/auth/verify-email',
      ]),
    );
    expectAbsent(log.text(), [...secrets, PASSWORD, ...EMAIL_BODIES]);
  });

  it('a calendar-feed poll logs the route, not the address', async () => {
    const feed = (await (await alice.post('/api/v1/calendar/feed')).json()) as { url: string };
    const url = new URL(feed.url);
    const poll = await server.client().get(`${url.pathname}?cache=bust`);
    expect(poll.status).toBe(200);
    const token = url.pathname
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    secrets.push(feed.url, token, 'cache=bust');
    const polls = log.entries().filter((e) => e.msg === 'request' && e.method === 'GET' && e.status === 200);
    expect(polls.map((e) => e.route)).toContain('/api/v1/calendar/:file');
    expectAbsent(log.text(), secrets);
  });

  it('a database error is logged by code, constraint and shape, without the values it failed on', async () => {
    const journal = 'JournalMarker-q7Zp only in the row';
    const notes = 'GlucoseNoteMarker-k3Rw';
    // Constraints the API does not check first, so the insert reaches PostgreSQL and fails there with
    // the whole row in its detail and the values in the query's parameters.
    await server.deps.db.owner.execute(
      sql.raw(`alter table tracker_entries add constraint log_safety_journal
        check (data::text not like '%JournalMarker%')`),
    );
    await server.deps.db.owner.execute(
      sql.raw(`alter table glucose_readings add constraint log_safety_glucose check (value_mgdl <> 387.25)`),
    );
    const at = new Date().toISOString();
    const entry = await alice.post('/api/v1/entries', {
      tracker: 'journal',
      occurredAt: at,
      data: { value: journal },
    });
    const glucose = await alice.post('/api/v1/entries', {
      tracker: 'blood-glucose',
      occurredAt: at,
      notes,
      data: { glucose: 387.25, timing: 'fasting' },
    });
    expect([entry.status, glucose.status]).toEqual([500, 500]);

    const errors = log.entries().filter((e) => e.msg === 'unhandled error');
    const causes = errors.map((e) => (e.err as { cause?: { code?: string; constraint?: string } }).cause);
    expect(causes).toEqual([
      expect.objectContaining({ code: '23514', constraint: 'log_safety_journal' }),
      expect.objectContaining({ code: '23514', constraint: 'log_safety_glucose' }),
    ]);
    // The statement's shape stays, for whoever debugs it.
    expect((errors[0]!.err as { message: string }).message).toMatch(
      /^Failed query:\s+insert into "?tracker_entries"?/,
    );
    expectAbsent(log.text(), ['JournalMarker', notes, '387.25', 'Failing row', ...secrets]);
  });

  it('a value PostgreSQL quotes back, a secret under any key and an error logged bare all stay out', async () => {
    const err = await server.deps.db.owner.execute(sql`select ${'CastMarker-5t'}::int`).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err).toBeInstanceOf(Error);
    log.logger.error({ err }, 'query failed');
    log.logger.error(err!);
    log.logger.warn(
      {
        failure: err,
        context: {
          sessionToken: 'SessionMarker-1',
          deeper: { headers: { Authorization: 'Bearer AuthMarker-2' } },
        },
        list: [{ newPassword: 'PasswordMarker-3' }],
      },
      'nested',
    );
    const logged = log.entries().filter((e) => e.msg === 'query failed' || e.msg === 'nested');
    expect(logged).toHaveLength(2);
    expect(logged[0]!.err).toMatchObject({
      cause: { type: 'DatabaseError', code: '22P02', message: 'invalid input syntax for type integer: "?"' },
    });
    expectAbsent(log.text(), ['CastMarker', 'SessionMarker', 'AuthMarker', 'PasswordMarker']);
  });

  it('a reminder email is generic, and neither it nor the log carries the reminder', async () => {
    await alice.patch('/api/v1/profile', { emailReminders: true });
    const due = new Date(Date.now() + 3_600_000);
    const created = await alice.post('/api/v1/notifications', {
      type: 'reminder',
      title: 'ReminderTitleMarker Insulin 12 units',
      content: 'ReminderContentMarker after breakfast',
      dueDate: due.toISOString(),
    });
    expect(created.status).toBe(201);
    smtp.messages.length = 0;
    await createReminderScheduler(server.deps).runOnce(due);
    expect(smtp.messages).toHaveLength(1);
    const mail = `${subjectOf(smtp.messages[0]!.raw)}\n${textBody(smtp.messages[0]!.raw)}`;
    expect(mail).toContain('http://localhost:3000/dashboard/notifications');
    expect(mail).not.toMatch(/Marker|Insulin|12 units|breakfast/);
    expect(log.entries().some((e) => e.msg === 'mail sent' && e.mailType === 'reminder')).toBe(true);
    expectAbsent(log.text(), ['Marker', 'Insulin', 'breakfast', ...EMAIL_BODIES, ...secrets]);
  });
});

describe('a send that fails', () => {
  it('logs the message id, type and SMTP code, not the recipient, link or text', async () => {
    const log = captureLog();
    const smtp = await startSmtpCapture({ refuse: true });
    const server = await createTestServer({ smtpUrl: smtp.url }, {}, { logger: log.logger });
    try {
      const email = 'refused-recipient@example.com';
      expect(
        (await server.client().post('/api/auth/sign-up/email', { email, password: PASSWORD })).status,
      ).toBe(200);
      const link = await latestMailLink(server.deps.db, email);
      const failed = log.entries().filter((e) => e.msg === 'mail delivery failed');
      expect(failed).toEqual([
        expect.objectContaining({
          mailType: 'verification',
          mailId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          err: expect.objectContaining({ responseCode: 550 }),
        }),
      ]);
      // The id leads to the stored message, which a self-hoster can read in the database.
      const { rows } = await server.deps.db.asSystem((tx) =>
        tx.execute<{ status: string }>(sql`select status from mail_outbox where id = ${failed[0]!.mailId}`),
      );
      expect(rows).toEqual([{ status: 'failed' }]);
      expectAbsent(log.text(), [
        email,
        'refused-recipient',
        link,
        new URL(link).searchParams.get('token')!,
        ...EMAIL_BODIES,
      ]);
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});

describe('without SMTP_URL', () => {
  const log = captureLog();
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ smtpUrl: undefined }, {}, { logger: log.logger });
  });
  afterAll(() => server.close());

  it('prints a new account’s confirmation link so the self-hoster can confirm it, and nothing else of the mail', async () => {
    const email = 'self-hoster@example.com';
    await server.client().post('/api/auth/sign-up/email', { email, password: PASSWORD });
    const link = await latestMailLink(server.deps.db, email);
    const kept = log.entries().filter((e) => String(e.msg).startsWith('mail kept in outbox'));
    expect(kept).toEqual([expect.objectContaining({ mailType: 'verification', confirmationLink: link })]);
    // The printed link works.
    const confirm = new URL(kept[0]!.confirmationLink as string);
    const client = server.client();
    await client.get(confirm.pathname + confirm.search);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    expectAbsent(log.text(), [email, ...EMAIL_BODIES]);
  });

  it('never prints a reset link', async () => {
    const email = 'forgetful@example.com';
    await signUpAndSignIn(server, email);
    const before = log.text().length;
    await server.client().post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const link = await latestMailLink(server.deps.db, email);
    expect(link).toContain('/api/auth/reset-password/');
    const after = log.text().slice(before);
    expect(after).toContain('"mailType":"password_reset"');
    expectAbsent(after, [link, link.split('/').pop()!.split('?')[0]!, email, ...EMAIL_BODIES]);
  });
});
