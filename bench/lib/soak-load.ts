/**
 * The soak's load, in a process of its own (forked by bench/soak.bench.ts with an IPC channel): mixed
 * traffic against the app for `minutes`, as users and devices make it, and a report every minute.
 *
 * - read: a dashboard load (the shell's and the home cards' ten GETs at once) or an entries list;
 * - stats: glucose statistics over the 90 days of CGM readings of the seeded user;
 * - write: a new weight entry (`POST /api/v1/entries`);
 * - ns: a Nightscout v1 upload (`api-secret`, one reading, each uploader its own address);
 * - upload: a document (multipart PDF) — paced under the per-user upload quota; the oldest of a user's
 *   documents is deleted once they have more than five, so the store stays the same size;
 * - download: a document's file;
 * - notify: a test notification (paced under its per-user limit), which the streams then carry;
 * - streams: each user holds a notification stream (SSE) open, and some uploaders a Nightscout follower
 *   socket (socket.io); their events are counted, and a stream that ends is an error (and reopened).
 * Non-2xx answers and transport errors are errors; each kind keeps its first error's text.
 */

import { io, type Socket } from 'socket.io-client';
import { Agent, type Dispatcher, FormData, request } from 'undici';
import { pdfWith } from '../../server/test/document-fixtures';
import { ENTRY_BODY } from './seed';
import { nsReading, type Uploader } from './seed-scale';
import { KINDS, type Kind, type MinuteReport, type SoakJob } from './soak-report';

/** A browser reads its session once on load and then on focus, not with every dashboard refresh. */
const SESSION = '/api/auth/get-session';
const SESSION_EVERY_MS = 10_000;
const DASHBOARD = [
  '/api/v1/profile',
  '/api/v1/me/roles',
  '/api/v1/household',
  '/api/v1/medications/doses?day=today&limit=200',
  '/api/v1/trackers/blood-glucose/stats',
  '/api/v1/entries?tracker=blood-pressure&days=30&order=asc&limit=200',
  '/api/v1/appointments?when=upcoming',
  '/api/v1/insurance/claims',
  '/api/v1/documents?sort=newest',
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const p99 = (xs: number[]) => {
  if (!xs.length) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!);
};

const run = async (job: SoakJob) => {
  const api = new Agent({ connections: 64, headersTimeout: 30_000, bodyTimeout: 30_000 });
  const live = new Agent({ headersTimeout: 30_000, bodyTimeout: 0 });
  const started = Date.now();
  const until = started + job.minutes * 60_000;
  const running = () => Date.now() < until;

  let latencies = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
  let errors = new Map<Kind, number>(KINDS.map((k) => [k, 0]));
  const firstErrors = new Map<string, string>();
  const note = (what: string, message: string) => {
    if (!firstErrors.has(what)) firstErrors.set(what, `${what}: ${message.slice(0, 300)}`);
  };
  const streams = { open: 0, events: 0, errors: 0 };
  const sockets = { open: 0, events: 0, errors: 0 };

  /** One request; 2xx or it counts as an error of its kind. Returns the body on success. */
  const call = async (
    kind: Kind,
    path: string,
    opts: {
      method?: Dispatcher.HttpMethod;
      headers?: Record<string, string>;
      body?: string | Buffer | FormData;
    } = {},
  ) => {
    const t0 = performance.now();
    try {
      const res = await request(`${job.url}${path}`, {
        dispatcher: api,
        method: opts.method ?? 'GET',
        ...opts,
      });
      const body = Buffer.from(await res.body.arrayBuffer());
      latencies.get(kind)!.push(performance.now() - t0);
      if (res.statusCode >= 200 && res.statusCode < 300) return body;
      errors.set(kind, errors.get(kind)! + 1);
      note(kind, `${opts.method ?? 'GET'} ${path.split('?')[0]} ${res.statusCode} ${body.toString('utf8')}`);
    } catch (err) {
      latencies.get(kind)!.push(performance.now() - t0);
      errors.set(kind, errors.get(kind)! + 1);
      note(kind, `${opts.method ?? 'GET'} ${path.split('?')[0]} ${(err as Error).message}`);
    }
    return undefined;
  };

  const browser = (u: { cookie: string }, i: number, extra: Record<string, string> = {}) => ({
    cookie: u.cookie,
    'x-forwarded-for': `10.1.${i >> 8}.${i & 255}`,
    ...extra,
  });
  const everyone = [job.main, ...job.users];

  const sessionReadAt = new Map<number, number>();
  const reader = async () => {
    while (running()) {
      const i = Math.floor(Math.random() * everyone.length);
      const headers = browser(everyone[i]!, i);
      const r = Math.random();
      if (r < 0.5) {
        // At most every 10 s per browser: the auth endpoints' per-address budget (600 in 15 min)
        // would refuse a browser reading its session a few times a second, and none does.
        const due = (sessionReadAt.get(i) ?? 0) + SESSION_EVERY_MS <= Date.now();
        if (due) sessionReadAt.set(i, Date.now());
        const paths = due ? [SESSION, ...DASHBOARD] : DASHBOARD;
        await Promise.all(paths.map((p) => call('read', p, { headers })));
      } else if (r < 0.8) await call('read', '/api/v1/entries?limit=50', { headers });
      else await call('stats', '/api/v1/glucose/stats?days=90', { headers: browser(job.main, 0) });
    }
  };

  const writer = async () => {
    while (running()) {
      const i = Math.floor(Math.random() * job.users.length);
      await call('write', '/api/v1/entries', {
        method: 'POST',
        headers: browser(job.users[i]!, i + 1, { 'content-type': 'application/json' }),
        body: ENTRY_BODY(new Date(Date.now() - Math.floor(Math.random() * 30 * 86_400_000))),
      });
    }
  };

  // Each uploader's readings move forward in time as a phone's do (now, or a second after its last
  // reading when it sent one this second): a replay would be a no-op insert, and readings sent ever
  // further back would drop out of the followers' newest readings and never reach their sockets.
  const nsLast = new Map<string, number>();
  const followedAt = new Map<number, number>();
  let nsNext = 0;
  const uploader = async () => {
    while (running()) {
      // One upload in four goes to a followed uploader (their sockets then have something to carry),
      // each at most every 2 s (300 in 10 min: the per-address budget is 600); the others go round
      // the uploaders nobody follows.
      const n0 = nsNext++;
      const f = (n0 / 4) % job.followers;
      const others = job.uploaders.length - job.followers;
      const followedDue = n0 % 4 === 0 && (followedAt.get(f) ?? 0) + 2_000 <= Date.now();
      const k = followedDue ? f : job.followers + (n0 % others);
      if (followedDue) followedAt.set(f, Date.now());
      const u = job.uploaders[k]!;
      const at = Math.max(Math.floor(Date.now() / 1000) * 1000, (nsLast.get(u.slug) ?? 0) + 1000);
      nsLast.set(u.slug, at);
      await call('ns', `/ns/${u.slug}/api/v1/entries`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'api-secret': u.apiSecret,
          'x-forwarded-for': `10.2.${k >> 8}.${k & 255}`,
        },
        body: nsReading(at, 90 + ((at / 1000) % 120)),
      });
    }
  };

  /** Runs `op` every `periodMs` (or as soon as the last one ended, if it took longer). */
  const paced = async (periodMs: number, op: (n: number) => Promise<unknown>) => {
    for (let n = 0; running(); n++) {
      const t0 = Date.now();
      await op(n);
      await sleep(Math.max(0, periodMs - (Date.now() - t0)));
    }
  };

  const documents = job.users.map(() => [] as string[]);
  const pdf = pdfWith('Soak test lab report: HbA1c 6.1 percent');
  const uploadOne = async (n: number) => {
    const i = n % job.users.length;
    const form = new FormData();
    form.append('title', `Soak ${n}`);
    form.append('category', 'Lab Results');
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), `soak-${n}.pdf`);
    const headers = browser(job.users[i]!, i + 1, { 'x-requested-with': 'healthfolio' });
    const body = await call('upload', '/api/v1/documents', { method: 'POST', headers, body: form });
    if (!body) return;
    documents[i]!.push((JSON.parse(body.toString('utf8')) as { id: string }).id);
    if (documents[i]!.length > 5) {
      const oldest = documents[i]!.shift()!;
      await call('upload', `/api/v1/documents/${oldest}`, { method: 'DELETE', headers });
    }
  };
  const downloader = async () => {
    while (running()) {
      const i = Math.floor(Math.random() * job.users.length);
      const id = documents[i]!.at(-1);
      if (!id) {
        await sleep(200);
        continue;
      }
      await call('download', `/api/v1/documents/${id}/file`, { headers: browser(job.users[i]!, i + 1) });
    }
  };
  const notifyOne = (n: number) => {
    const i = n % job.users.length;
    return call('notify', '/api/v1/notifications/test', {
      method: 'POST',
      headers: browser(job.users[i]!, i + 1),
    });
  };

  /** A user's notification stream, held open for the whole run; events counted; an early end is an error. */
  const holdStream = async (u: { cookie: string }, i: number) => {
    const abort = new AbortController();
    // Closed just after the last minute's report, so that one still counts them open.
    const stop = setTimeout(() => abort.abort(), Math.max(0, until + 2_000 - Date.now()));
    while (running()) {
      try {
        const res = await request(`${job.url}/api/v1/notifications/stream`, {
          dispatcher: live,
          headers: { ...browser(u, i + 1), accept: 'text/event-stream' },
          signal: abort.signal,
        });
        if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${await res.body.text()}`);
        streams.open++;
        try {
          for await (const chunk of res.body) {
            for (const line of String(chunk).split('\n'))
              if (line.startsWith('event: notification.')) streams.events++;
          }
        } finally {
          streams.open--;
        }
        if (running()) throw new Error('the stream ended');
      } catch (err) {
        if (!running()) break;
        streams.errors++;
        note('stream', (err as Error).message);
        await sleep(1_000);
      }
    }
    clearTimeout(stop);
  };

  /** A Nightscout follower (web client, watch face) on an uploader's site: its dataUpdate events counted. */
  const follow = (u: Pick<Uploader, 'apiSecret'>): Socket => {
    const socket = io(job.url, { forceNew: true, transports: ['websocket'], reconnection: true });
    socket.on('connect', () => {
      sockets.open++;
      socket.emit(
        'authorize',
        { client: 'web', history: 1, secret: u.apiSecret },
        (a: { read?: boolean }) => {
          if (!a?.read) {
            sockets.errors++;
            note('socket', `authorize answered ${JSON.stringify(a)}`);
          }
        },
      );
    });
    socket.on('dataUpdate', () => sockets.events++);
    socket.on('disconnect', (reason) => {
      sockets.open--;
      if (running()) {
        sockets.errors++;
        note('socket', `disconnected: ${reason}`);
      }
    });
    socket.on('connect_error', (err) => {
      sockets.errors++;
      note('socket', `connect error: ${err.message}`);
    });
    return socket;
  };

  const followers = job.uploaders.slice(0, job.followers).map(follow);
  const report = setInterval(() => {
    const minute = Math.round((Date.now() - started) / 60_000);
    const kinds = Object.fromEntries(
      KINDS.map((k) => [
        k,
        { requests: latencies.get(k)!.length, p99: p99(latencies.get(k)!), errors: errors.get(k)! },
      ]),
    ) as MinuteReport['kinds'];
    process.send!({
      minute,
      kinds,
      streams: { ...streams },
      sockets: { ...sockets },
      firstErrors: [...firstErrors.values()],
    } satisfies MinuteReport);
    latencies = new Map(KINDS.map((k) => [k, []]));
    errors = new Map(KINDS.map((k) => [k, 0]));
    streams.events = 0;
    streams.errors = 0;
    sockets.events = 0;
    sockets.errors = 0;
  }, 60_000);

  await Promise.all([
    ...job.users.map(holdStream),
    ...Array.from({ length: 6 }, reader),
    ...Array.from({ length: 3 }, writer),
    ...Array.from({ length: 2 }, uploader),
    ...Array.from({ length: 2 }, downloader),
    // 20 users: each uploads every 30 s (the quota is 60 in 10 minutes) and asks for a test
    // notification every 40 s (its limit is 3 a minute).
    paced(30_000 / job.users.length, uploadOne),
    paced(40_000 / job.users.length, notifyOne),
  ]);
  // The last minute's report is sent by the interval; give it the time to fire.
  await sleep(Math.max(0, until + 3_000 - Date.now()));
  clearInterval(report);
  for (const s of followers) s.disconnect();
  await Promise.all([api.close(), live.destroy()]);
};

// A listener that stays keeps the IPC channel, and so this process, alive until the parent stops it.
let begun = false;
process.on('message', (job: SoakJob) => {
  if (begun) return;
  begun = true;
  run(job).then(
    () => process.send!('done'),
    (err) => process.send!({ fatal: String((err as Error)?.stack ?? err) }),
  );
});

process.send!('ready');
