import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDexcomShareStub } from '../../server/test/dexcom-share-stub';
import { startLibreLinkUpStub } from '../../server/test/librelinkup-stub';
import { startSmartFhirServer } from '../../server/test/smart-fhir-server';
import { startTerraStub } from '../../server/test/terra-stub';
import { ADMIN_EMAIL, enableTotpByApi, NEW_ADMIN_EMAIL, signInCookies, signUpAndConfirm } from './accounts';
import { startE2eAiStub } from './ai-stub';
import { DEXCOM_ACCOUNT, LIBRE_ACCOUNT } from './dexcom';
import { startMailbox } from './mailbox';
import { startE2ePushService } from './push-service';
import { SMART_CLIENT_ID, SMART_PORTAL_NAME } from './smart';

const root = new URL('../..', import.meta.url).pathname;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createNetServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

const waitForHealth = async (url: string, child: ChildProcess) => {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The app exited with code ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The app did not become healthy within 180 s');
};

/**
 * Starts the built app on a free port with an empty temporary DATA_DIR (embedded database) and a
 * real SMTP server whose messages the specs read over a small loopback HTTP endpoint.
 */
export default async function globalSetup() {
  const mailbox = await startMailbox();
  const mailPort = await freePort();
  const mailHttp = createHttpServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '';
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mailbox.messagesTo(to)));
  }).listen(mailPort, '127.0.0.1');

  // Terra on loopback (its widget page "logs in" and sends the signed auth webhook to the app).
  const terra = await startTerraStub();
  // The AI provider: an OpenAI-compatible stub on loopback (chat, streaming, vision JSON, failures).
  const aiStub = await startE2eAiStub();
  // Dexcom Share on loopback (a day of readings for one account), admitted by the outbound client.
  const dexcom = await startDexcomShareStub(DEXCOM_ACCOUNT, { live: true });
  // LibreLinkUp on loopback: a follower account (of the global region) following two people.
  const libre = await startLibreLinkUpStub({ regionalMap: () => ({}) });
  libre.addAccount({ ...LIBRE_ACCOUNT, region: 'global' });
  // Web Push: a push service on loopback whose certificate the main app trusts (specs/pwa).
  const pushDir = mkdtempSync(join(tmpdir(), 'healthfolio-e2e-push-'));
  const pushService = await startE2ePushService(pushDir, await freePort());
  // Two app processes on the same mailbox: the main one talks to the stub as its AI provider; the
  // second has none, so specs can see the built-in analyst and the "not configured" states.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const startApp = async (ai: Record<string, string>, chosenPort?: number) => {
    const port = chosenPort ?? (await freePort());
    const url = `http://127.0.0.1:${port}`;
    const dir = mkdtempSync(join(tmpdir(), 'healthfolio-e2e-'));
    // The embedded database: DATABASE_URL must be absent (the server rejects an empty value).
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: url,
        DATA_DIR: dir,
        SMTP_URL: mailbox.url,
        ADMIN_EMAILS: `${ADMIN_EMAIL},${NEW_ADMIN_EMAIL}`,
        LOG_LEVEL: 'warn',
        // Every spec signs up from 127.0.0.1; the per-account limits stay as in production.
        AUTH_THROTTLE_PER_IP: '10000',
        // Reminders come due within a couple of seconds instead of up to 15.
        REMINDER_INTERVAL_SECONDS: '2',
        AI_REQUESTS_PER_10_MIN: '1000',
        // Specs share accounts per worker and invite many caregivers; the budget has its own server test.
        SHARE_INVITATIONS_PER_HOUR: '1000',
        SHARE_INVITATIONS_PER_DAY: '1000',
        ...ai,
      },
    });
    return { url, dir, proc };
  };
  // A patient portal on loopback speaking SMART on FHIR (specs/records/health-systems): it knows the
  // main app as a public client by its redirect URI, so the app's port is chosen first.
  const mainPort = await freePort();
  const smart = await startSmartFhirServer({
    clients: [
      {
        clientId: SMART_CLIENT_ID,
        type: 'public',
        redirectUri: `http://127.0.0.1:${mainPort}/api/v1/health-systems/callback`,
      },
    ],
    approve: 'form',
    name: SMART_PORTAL_NAME,
  });
  const main = await startApp(
    {
      ...terra.env,
      ...pushService.appEnv,
      DEXCOM_SHARE_URL_US: dexcom.baseUrl,
      LIBRELINKUP_URL: libre.origin,
      OUTBOUND_ALLOW: `${dexcom.origin},${libre.origin},${smart.origin},${pushService.appEnv.OUTBOUND_ALLOW}`,
      AI_BASE_URL: aiStub.url,
      AI_API_KEY: 'sk-e2e-stub',
      AI_MODEL: 'e2e-chat',
      AI_VISION_MODEL: 'e2e-vision',
      AI_MAX_RETRIES: '0',
    },
    mainPort,
  );
  const baseURL = main.url;
  const dataDir = main.dir;
  const child = main.proc;
  // One after the other: two fresh embedded databases migrating at once starve a small machine.
  let noAi: Awaited<ReturnType<typeof startApp>> | undefined;
  try {
    await waitForHealth(baseURL, child);
    terra.setWebhookTarget(`${baseURL}/webhooks/terra`);
    noAi = await startApp({});
    await waitForHealth(noAi.url, noAi.proc);
  } catch (err) {
    // A failed start must not leave servers holding the port (and the runner's output) open.
    child.kill('SIGKILL');
    noAi?.proc.kill('SIGKILL');
    throw err;
  }
  const noAiApp = noAi;
  process.env.E2E_NO_AI_BASE_URL = noAiApp.url;
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_MAIL_URL = `http://127.0.0.1:${mailPort}`;
  process.env.E2E_PUSH_URL = pushService.url;
  process.env.E2E_SMART_FHIR_URL = smart.fhirBaseUrl;
  process.env.E2E_PUSH_SUBSCRIPTION = JSON.stringify(pushService.subscription);
  // The one admin account exists from the start (confirmed, no platform chosen); specs sign in to it.
  await signUpAndConfirm(ADMIN_EMAIL);
  // Admins need a second factor before any admin screen opens: this one has an authenticator app,
  // whose URI the workers read to compute its codes (accounts.ts, adminTotp).
  process.env.E2E_ADMIN_TOTP_URI = await enableTotpByApi(await signInCookies(ADMIN_EMAIL));

  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`\n✗ The app stopped during the run (code ${code}, signal ${signal}).`);
  });

  return async () => {
    stopping = true;
    const stop = async (proc: ChildProcess) => {
      // Waiting for 'exit' of a process that already exited would never end.
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    };
    await Promise.all([stop(child), stop(noAiApp.proc)]);
    mailHttp.close();
    await terra.close();
    await aiStub.close();
    await dexcom.close();
    await libre.close();
    await smart.close();
    await mailbox.close();
    await pushService.close();
    rmSync(pushDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(noAiApp.dir, { recursive: true, force: true });
  };
}
