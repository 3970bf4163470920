import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino, { type Logger } from 'pino';
import { inject } from 'vitest';
import { createApp } from '../src/app';
import { type AppDeps, createDeps } from '../src/app-deps';
import { type Config, loadConfig } from '../src/config';
import { type Database, openPglite, openPostgres } from '../src/db/database';
import { openBody } from '../src/mail/outbox-seal';
import { cloneDatabase, dropDatabase } from './postgres-template';
import { TMP_DIR } from './tmp-dir';

export const APP_URL = 'http://localhost:3000';
export const isPostgres = process.env.TEST_DB === 'postgres';

/** A fresh, migrated database for one test file: a PGlite clone of the dumped template, or a PG clone. */
export const openTestDatabase = async (): Promise<{
  db: Database;
  url?: string;
  drop: () => Promise<void>;
}> => {
  if (isPostgres) {
    const base = process.env.TEST_DATABASE_URL!;
    const clone = await cloneDatabase(base, inject('pgTemplate'));
    const db = await openPostgres(clone.url);
    return { db, url: clone.url, drop: async () => void (await dropDatabase(base, clone.name)) };
  }
  const blob = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const db = await openPglite({ loadDataDir: blob });
  return { db, drop: async () => {} };
};

/** `openTestDatabase` with one confirmed user and their profile, written directly (no sign-up). */
export const openTestDatabaseWithPerson = async (email: string) => {
  const opened = await openTestDatabase();
  const { rows } = await opened.db.owner.execute<{ id: string }>(
    sql`insert into auth.user (name, email, email_verified) values ('P', ${email}, true) returning id`,
  );
  const userId = rows[0]!.id;
  await opened.db.asSystem((tx) =>
    tx.execute(sql`insert into profiles (user_id, display_name) values (${userId}, 'P')`),
  );
  return { ...opened, userId };
};

export interface TestServer {
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  client: () => TestClient;
  close: () => Promise<void>;
}

/**
 * The app on an open database, as one server process: `close` ends its bus and background work, not
 * the database (several instances may share one, as processes behind a load balancer do).
 */
/** Each test database's ENCRYPTION_KEY, so a helper given only the database can open sealed mail. */
const outboxKeys = new WeakMap<Database, string>();
/**
 * What each test server's mailer was asked to send (address, text), newest last: a delivered message
 * keeps no body in the outbox, and the SMTP server a test talks to may be its own capture or none.
 */
const mailLogs = new WeakMap<Database, { to: string; text: string }[]>();

/** The body of an outbox row as the mailer wrote it (sealed while undelivered, see mail/outbox-seal.ts). */
export const mailBody = (db: Database, stored: string | null | undefined) =>
  stored ? openBody(stored, outboxKeys.get(db) ?? '') : '';

export const serveApp = async (config: Config, db: Database, logger?: Logger): Promise<TestServer> => {
  outboxKeys.set(db, config.encryptionKey);
  const deps = await createDeps(config, { db, logger: logger ?? pino({ level: 'silent' }) });
  const mailLog = mailLogs.get(db) ?? [];
  mailLogs.set(db, mailLog);
  const send = deps.mailer.send.bind(deps.mailer);
  deps.mailer.send = (m) => {
    mailLog.push({ to: m.to.toLowerCase(), text: m.text });
    return send(m);
  };
  const app = createApp(deps);
  return {
    deps,
    app,
    // Mail goes out after the response; a test client waits for it, as a person reading mail would.
    client: () =>
      new TestClient({
        request: async (input, init) => {
          const res = await app.request(input, init);
          await deps.background.settled();
          return res;
        },
      }),
    close: async () => {
      await deps.background.settled();
      await deps.bus.close();
    },
  };
};

/**
 * A test server's configuration: its own data directory, silent logs, and no minimum answer time for
 * sign-up, resend and reset (every sign-up would wait 300 ms; account-existence.test.ts sets it to test
 * that rule). `env` is read as the process environment would be.
 */
export const testConfig = (env: NodeJS.ProcessEnv = {}): Config =>
  loadConfig({
    DATA_DIR: mkdtempSync(join(TMP_DIR, 'data-')),
    APP_URL,
    LOG_LEVEL: 'silent',
    AUTH_MIN_RESPONSE_MS: '0',
    ...env,
  });

export const createTestServer = async (
  overrides: Partial<Config> = {},
  env: NodeJS.ProcessEnv = {},
  opts: { logger?: Logger } = {},
): Promise<TestServer> => {
  const { db, drop } = await openTestDatabase();
  // Suites invite many caregivers from one account; invitation-quota.test.ts sets the real budget.
  const quiet = { SHARE_INVITATIONS_PER_HOUR: '10000', SHARE_INVITATIONS_PER_DAY: '10000' };
  const base = testConfig({ ...quiet, ...env });
  const config = { ...base, ...overrides };
  const server = await serveApp(config, db, opts.logger);
  return {
    ...server,
    close: async () => {
      await db.close();
      await drop();
      rmSync(base.dataDir, { recursive: true, force: true });
    },
  };
};

// biome-ignore lint/suspicious/noExplicitAny: tests read bodies loosely and assert their shape.
export type TestResponse = Omit<Response, 'json'> & { json(): Promise<any> };

/** A browser-like client: keeps cookies, sends JSON from our own origin. */
export class TestClient {
  cookies = new Map<string, string>();
  constructor(
    private readonly app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> },
  ) {}

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse> {
    const h: Record<string, string> = { origin: APP_URL, ...headers };
    if (this.cookies.size) h.cookie = this.cookieHeader;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    } else if (method !== 'GET' && method !== 'HEAD') {
      h['content-type'] ??= 'application/json';
    }
    const res = await this.app.request(path, { method, headers: h, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/max-age=0/i.test(c) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return res;
  }
  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, body ?? {}, headers);
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body);
  put = (path: string, body?: unknown) => this.request('PUT', path, body);
  delete = (path: string) => this.request('DELETE', path);
}

export const PASSWORD = 'Quiet-Harbor-Lantern-42';

/**
 * The newest link mailed to this address (by this database's servers, or kept in its outbox). Mail
 * goes out after the response, so it waits a little for it.
 */
export const latestMailLink = async (db: Database, to: string, waitMs = 10_000) => {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const sent = mailLogs.get(db)?.findLast((m) => m.to === to.toLowerCase());
    const link = sent?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return link;
    const rows = await db.asSystem((tx) =>
      tx.execute<{ text_body: string }>(
        sql`select text_body from mail_outbox where to_address = ${to.toLowerCase()} order by created_at desc limit 1`,
      ),
    );
    const url = mailBody(db, rows.rows[0]?.text_body).match(/https?:\/\/\S+/)?.[0];
    if (url) return url;
    if (Date.now() > deadline) throw new Error(`No link mailed to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Signs up through the API, confirms from the email, and signs in. */
export const signUpAndSignIn = async (server: TestServer, email: string, password = PASSWORD) => {
  const client = server.client();
  const signUp = await client.post('/api/auth/sign-up/email', { email, password });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const link = new URL(await latestMailLink(server.deps.db, email));
  const verify = await client.get(link.pathname + link.search);
  if (verify.status >= 400) throw new Error(`verify failed: ${verify.status}`);
  const signIn = await client.post('/api/auth/sign-in/email', { email, password });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const body = (await signIn.json()) as { user: { id: string } };
  return { client, userId: body.user.id };
};
