/**
 * The server's own CPU per request, without HTTP or a second process: the real app answers requests
 * through `app.request` at a fixed concurrency, and `process.cpuUsage()` says what this process spent
 * (the driver, the routes, the middleware; not PostgreSQL). Steadier than the HTTP bench on a noisy
 * machine, so a change to the request path can be compared back to back.
 * cd server && npx tsx ../bench/cpu-per-request.ts   (CPR_REQUESTS, CPR_CONCURRENCY, CPR_CASES=ns,entries,profile)
 * CPR_PROFILE_DIR=/tmp/prof …, then npx tsx ../bench/lib/cpu-profile-summary.ts /tmp/prof/cpr-profile-*
 */

import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { withScratchDatabase } from './lib/scratch-database';
import { inProcessApp } from './lib/seed';
import { seedUploaders, seedWriteUsers } from './lib/seed-scale';

const REQUESTS = Number(process.env.CPR_REQUESTS ?? 3000);
const CONCURRENCY = Number(process.env.CPR_CONCURRENCY ?? 20);
const CASES = (process.env.CPR_CASES ?? 'ns,entries').split(',');
/** CPR_PROFILE_DIR: a V8 CPU profile of each case's measured requests only (not start-up or warm-up). */
const PROFILE_DIR = process.env.CPR_PROFILE_DIR;

const startProfile = async () => {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    stop: async (file: string) => {
      const { profile } = await session.post('Profiler.stop');
      await mkdir(PROFILE_DIR!, { recursive: true });
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
      console.info(`  profile: ${file}`);
    },
  };
};

const main = () =>
  withScratchDatabase('hf_cpr', async (target) => {
    const { app, close } = await inProcessApp(target, { migrate: true, env: { TRUST_PROXY: '1' } });
    const uploaders = await seedUploaders(target, 100);
    const writers = await seedWriteUsers(target, 20);
    let t = Date.now() - 3_600_000;
    // What the Node server hands each request (hono's getConnInfo reads it): without it, it throws.
    const env = { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 1, remoteFamily: 'IPv4' } } };
    const cases: Record<string, (i: number) => Response | Promise<Response>> = {
      ns: (i) => {
        const up = uploaders[i % uploaders.length]!;
        t += 7;
        return app.request(
          `/ns/${up.slug}/api/v1/entries`,
          {
            method: 'POST',
            headers: {
              'api-secret': up.apiSecret,
              'content-type': 'application/json',
              'x-forwarded-for': `10.0.${(i >> 8) & 255}.${i & 255}`,
            },
            body: JSON.stringify([{ type: 'sgv', sgv: 120, date: t, direction: 'Flat', device: 'xDrip' }]),
          },
          env,
        );
      },
      profile: (i) =>
        app.request('/api/v1/profile', { headers: { cookie: writers[i % writers.length]!.cookie } }, env),
      entries: (i) => {
        const w = writers[i % writers.length]!;
        t += 7;
        return app.request(
          '/api/v1/entries',
          {
            method: 'POST',
            headers: { cookie: w.cookie, 'content-type': 'application/json' },
            body: JSON.stringify({
              tracker: 'weight',
              occurredAt: new Date(t).toISOString(),
              data: { weight: 72.4, weightUnit: 'kg' },
            }),
          },
          env,
        );
      },
    };
    for (const key of CASES) {
      const send = cases[key]!;
      const run = async (n: number) => {
        let next = 0;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < n) {
              const res = await send(next++);
              if (res.status >= 300) throw new Error(`${key}: ${res.status} ${await res.text()}`);
              await res.arrayBuffer();
            }
          }),
        );
      };
      await run(Math.min(1000, REQUESTS));
      const profiler = PROFILE_DIR ? await startProfile() : undefined;
      const before = process.cpuUsage();
      const started = performance.now();
      await run(REQUESTS);
      const cpu = process.cpuUsage(before);
      const ms = performance.now() - started;
      if (profiler) await profiler.stop(join(PROFILE_DIR!, `cpr-${key}-${process.pid}.cpuprofile`));
      console.info(
        `${key.padEnd(8)} ${((cpu.user + cpu.system) / REQUESTS).toFixed(0).padStart(5)} µs CPU/request (user ${(cpu.user / REQUESTS).toFixed(0)}), ${((REQUESTS / ms) * 1000).toFixed(0)} req/s`,
      );
    }
    await close();
  });
main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
