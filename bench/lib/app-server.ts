import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '../../server/src/app';
import { createDeps } from '../../server/src/app-deps';
import { loadConfig } from '../../server/src/config';
import type { Database } from '../../server/src/db/database';
import { mailOutbox } from '../../server/src/db/schema';
import { openBody } from '../../server/src/mail/outbox-seal';

const APP_URL = 'http://localhost:3000';
const PASSWORD = 'Bench-Harbor-Lantern-42';

export type Fetcher = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** Signs up through the API, confirms from the outbox email, signs in; returns the session cookie. */
export const signedInCookie = async (app: Fetcher, db: Database, email: string, encryptionKey: string) => {
  const post = (path: string, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { origin: APP_URL, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signUp = await post('/api/auth/sign-up/email', { email, password: PASSWORD });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  // The confirmation is queued in the background after sign-up answers: wait for it (at most 10 s).
  let mail: { textBody: string | null } | undefined;
  for (let waited = 0; !mail && waited < 10_000; waited += 50) {
    [mail] = await db.asSystem((tx) =>
      tx.select({ textBody: mailOutbox.textBody }).from(mailOutbox).where(eq(mailOutbox.toAddress, email)),
    );
    if (!mail) await new Promise((r) => setTimeout(r, 50));
  }
  // Undelivered (no SMTP here), so kept sealed with ENCRYPTION_KEY (server/src/mail/outbox-seal.ts).
  const body = mail?.textBody ? openBody(mail.textBody, encryptionKey) : '';
  const link = new URL(body.match(/https?:\/\/\S+/)?.[0] ?? '');
  await app.request(link.pathname + link.search, { redirect: 'manual' });
  const signIn = await post('/api/auth/sign-in/email', { email, password: PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const { user } = (await signIn.json()) as { user: { id: string } };
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, userId: user.id };
};

/** The real app (createApp + @hono/node-server) on loopback, with one verified, signed-in user. */
export const startAppServer = async (db: Database, databaseUrl?: string) => {
  const config = loadConfig({
    APP_URL,
    DATA_DIR: '/nonexistent-bench-data',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    // Random per run: config refuses a guessable session secret.
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  });
  const deps = await createDeps(config, { db, logger: pino({ level: 'silent' }) });
  const app = createApp(deps);
  const session = await signedInCookie(app, db, `bench-${Date.now()}@example.com`, config.encryptionKey);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((done) => server.once('listening', () => done()));
  return {
    ...session,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/profile`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
};
