/**
 * Soak (issue 37): the real server (server/src/main.ts, its own process, on a fresh PostgreSQL database
 * dropped afterwards) under mixed traffic from another process (bench/lib/soak-load.ts) for
 * `--soak-minutes N` (30). Every minute: requests/s and p99 per kind, the notification streams' and
 * Nightscout sockets' events, the server's RSS (/proc/PID/status VmRSS) and live heap (after a full GC,
 * from bench/lib/memory-probe.mjs preloaded into the server), errors. Fails (exit 1) if any request or
 * stream failed, or if RSS or heap at the end is 10% or more above its figure after the warm-up.
 */
import { fork } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startAppProcess } from './lib/app-process';
import { BENCH_SECRETS, seedBenchDatabase } from './lib/seed';
import { seedUploaders, seedWriteUsers } from './lib/seed-scale';
import { KINDS, type MinuteReport, type SoakJob } from './lib/soak-report';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const MINUTES = Number(arg('--soak-minutes') ?? process.env.BENCH_SOAK_MINUTES ?? 30);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = 20;
const UPLOADERS = 300;
const FOLLOWERS = 10;
/**
 * The minute whose memory is the baseline: after warm-up, a third of the run (minute 10 of 30; half of
 * a short dev run). Two quiet 30-minute runs (bench/README.md, "Soak") showed V8 settling its heap's
 * size at minute 8 (a one-time step of ~45 MB of heap pages, the live heap unchanged) and memory flat
 * from there: a baseline at minute 5 counted that step as growth. The figure from minute 5 is printed too.
 */
const WARM_MINUTE = MINUTES >= 15 ? Math.floor(MINUTES / 3) : Math.max(1, Math.floor(MINUTES / 2));
const EARLY_MINUTE = 5;
const MAX_GROWTH = 0.1;

const admin = async (query: string) => {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
};

const rssOf = (pid: number) => {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return m ? Number(m[1]) * 1024 : Number.NaN;
};

interface Probe {
  rss: number;
  /** Live heap after a full GC. */
  heapUsed: number;
  /** What V8 holds from the system, live or not (the young generation's semi-spaces included). */
  heapTotal?: number;
  /** Memory outside V8's heap held by JavaScript objects (Buffers, the driver's and sockets' buffers). */
  external?: number;
}
const probeOf = (file: string): Probe | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Probe) : undefined;

const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
const pad = (s: string | number, n: number) => String(s).padStart(n);

const header = () =>
  `${pad('min', 3)} ${KINDS.map((k) => `${pad(k, 8)} /s  p99`).join(' ')}  streams ev   ns-io ev   RSS MB  heap MB   V8 MB  ext MB  errors`;

const mbOr = (bytes: number | undefined) => (bytes === undefined ? '?' : mb(bytes));

const row = (r: MinuteReport, rss: number, probe: Probe | undefined, errors: number) =>
  `${pad(r.minute, 3)} ${KINDS.map((k) => `${pad((r.kinds[k].requests / 60).toFixed(1), 11)} ${pad(r.kinds[k].p99, 4)}`).join(' ')}` +
  `  ${pad(r.streams.open, 3)} ${pad(r.streams.events, 4)}   ${pad(r.sockets.open, 3)} ${pad(r.sockets.events, 5)}` +
  `  ${pad(mb(rss), 7)}  ${pad(mbOr(probe?.heapUsed), 7)}  ${pad(mbOr(probe?.heapTotal), 6)}  ${pad(mbOr(probe?.external), 6)}` +
  `  ${pad(errors, 6)}`;

const soak = async (databaseUrl: string, logDir: string) => {
  console.info(`seeding: 1 user with 90 days of CGM, ${USERS} users through the API, ${UPLOADERS} uploaders`);
  const target = { databaseUrl };
  const main = await seedBenchDatabase(target);
  const users = await seedWriteUsers(target, USERS);
  const uploaders = await seedUploaders(target, UPLOADERS);
  const memoryFile = join(logDir, 'memory.json');
  const server = await startAppProcess(
    {
      DATABASE_URL: databaseUrl,
      ...BENCH_SECRETS,
      // One trusted proxy: each phone and browser of the load sends its own X-Forwarded-For.
      TRUST_PROXY: '1',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      BENCH_MEMORY_FILE: memoryFile,
    },
    join(logDir, 'app.log'),
    ['--expose-gc', '--import', join(import.meta.dirname, 'lib/memory-probe.mjs')],
  );
  const pid = server.pid!;
  const load = fork(join(import.meta.dirname, 'lib/soak-load.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const rows: { minute: number; rss: number; heap?: number; errors: number }[] = [];
  const firstErrors = new Set<string>();
  try {
    await new Promise<void>((done, fail) => {
      load.once('exit', (code) => fail(new Error(`the load process exited with ${code}`)));
      load.on('message', (m: 'ready' | 'done' | MinuteReport | { fatal: string }) => {
        if (m === 'ready') {
          const job: SoakJob = {
            url: server.url,
            minutes: MINUTES,
            main,
            users,
            uploaders,
            followers: FOLLOWERS,
          };
          console.info(
            `${MINUTES} minutes against ${server.url} (server pid ${pid}, log ${logDir}/app.log)\n${header()}`,
          );
          load.send(job);
        } else if (m === 'done') done();
        else if ('fatal' in m) fail(new Error(m.fatal));
        else {
          const errors =
            KINDS.reduce((n, k) => n + m.kinds[k].errors, 0) + m.streams.errors + m.sockets.errors;
          const probe = probeOf(memoryFile);
          const r = { minute: m.minute, rss: rssOf(pid), heap: probe?.heapUsed, errors };
          rows.push(r);
          if (probe)
            appendFileSync(
              join(logDir, 'memory-by-minute.jsonl'),
              `${JSON.stringify({ minute: m.minute, ...probe })}\n`,
            );
          for (const e of m.firstErrors) firstErrors.add(e);
          console.info(row(m, r.rss, probe, errors));
        }
      });
    });
  } finally {
    load.kill();
    await server.close();
  }
  return { rows, firstErrors };
};

/** V8's spaces (MB held from the system) at a minute, from the probe's per-minute record. */
const spacesAt = (logDir: string, minute: number) => {
  const file = join(logDir, 'memory-by-minute.jsonl');
  const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [];
  const at = lines.map((l) => JSON.parse(l) as { minute: number; spaces?: Record<string, number> });
  const spaces = at.find((p) => p.minute === minute)?.spaces ?? {};
  return `V8 spaces at minute ${minute} (MB): ${Object.entries(spaces)
    .map(([name, size]) => `${name} ${mb(size)}`)
    .join(', ')}`;
};

const verdict = (
  logDir: string,
  rows: { minute: number; rss: number; heap?: number; errors: number }[],
  firstErrors: Set<string>,
) => {
  const warm = rows.find((r) => r.minute === WARM_MINUTE) ?? rows[0];
  const last = rows.at(-1);
  if (!warm || !last) return ['no minute was reported'];
  const failures: string[] = [];
  const growth = (a: number, b: number) => (b - a) / a;
  const rssGrowth = growth(warm.rss, last.rss);
  const heapGrowth = warm.heap && last.heap ? growth(warm.heap, last.heap) : Number.NaN;
  const errors = rows.reduce((n, r) => n + r.errors, 0);
  console.info(
    `\nmemory, minute ${warm.minute} → ${last.minute}: RSS ${mb(warm.rss)} → ${mb(last.rss)} MB (${(rssGrowth * 100).toFixed(1)}%), ` +
      `heap after GC ${warm.heap ? mb(warm.heap) : '?'} → ${last.heap ? mb(last.heap) : '?'} MB (${(heapGrowth * 100).toFixed(1)}%); ` +
      `${errors} errors; target < ${MAX_GROWTH * 100}% and 0 errors`,
  );
  console.info(spacesAt(logDir, warm.minute));
  console.info(spacesAt(logDir, last.minute));
  const early = rows.find((r) => r.minute === EARLY_MINUTE);
  if (early && early !== warm)
    console.info(
      `(from minute ${EARLY_MINUTE}: RSS ${mb(early.rss)} → ${mb(last.rss)} MB (${(growth(early.rss, last.rss) * 100).toFixed(1)}%), ` +
        `heap after GC ${early.heap ? mb(early.heap) : '?'} → ${last.heap ? mb(last.heap) : '?'} MB)`,
    );
  if (!(rssGrowth < MAX_GROWTH)) failures.push(`RSS grew ${(rssGrowth * 100).toFixed(1)}%`);
  if (!(heapGrowth < MAX_GROWTH)) failures.push(`heap grew ${(heapGrowth * 100).toFixed(1)}%`);
  if (errors) failures.push(`${errors} errors; the first of each kind:\n  ${[...firstErrors].join('\n  ')}`);
  return failures;
};

const main = async () => {
  const name = `hf_soak_${process.pid}_${Date.now()}`;
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const logDir = mkdtempSync(join(tmpdir(), 'hf-soak-'));
  try {
    const { rows, firstErrors } = await soak(url.toString(), logDir);
    const failures = verdict(logDir, rows, firstErrors);
    console.info(failures.length ? `SOAK FAILED: ${failures.join('; ')}` : 'SOAK PASS');
    if (!failures.length) rmSync(logDir, { recursive: true, force: true });
    return failures.length ? 1 : 0;
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
};

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
