/**
 * What one request costs in round trips to PostgreSQL: counts the Sync and Query messages pg writes
 * on its sockets while the real app answers a request, after a warm-up on the same connections.
 * cd server && npx tsx ../bench/trace-trips.ts
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { admin, withScratchDatabase } from './lib/scratch-database';
import { inProcessApp } from './lib/seed';
import { seedUploaders } from './lib/seed-scale';

let syncs = 0;
let queries = 0;
let writes = 0;
let show = false;
const count = (chunk: unknown) => {
  if (!Buffer.isBuffer(chunk)) return;
  writes++;
  // Protocol messages: a type byte and a 4-byte length; walk them.
  for (let i = 0; i + 5 <= chunk.length; ) {
    const type = chunk[i];
    const len = chunk.readUInt32BE(i + 1);
    if (type === 0x53 && len === 4) {
      syncs++;
      if (show) console.info('  --- sync');
    }
    if (show && type === 0x50) {
      // Parse: name\0 query\0
      const body = chunk.subarray(i + 5, i + 1 + len).toString('utf8');
      const [stmt, text] = body.split('\0');
      console.info(`  parse ${stmt || '(unnamed)'}: ${text?.replace(/\s+/g, ' ').slice(0, 140)}`);
    }
    if (show && type === 0x42) {
      const body = chunk.subarray(i + 5, i + 1 + len).toString('utf8');
      const [, stmt] = body.split('\0');
      console.info(`  bind ${stmt || '(unnamed)'}`);
    }
    if (type === 0x51) queries++;
    i += 1 + len;
  }
};
const origWrite = net.Socket.prototype.write;
net.Socket.prototype.write = function (this: net.Socket, chunk: unknown, ...rest: unknown[]) {
  if (this.remotePort === 5432) count(chunk);
  return (origWrite as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
};

const main = () =>
  withScratchDatabase('hf_trace', async (target, name) => {
    // TRACE_EXPLAIN=1: every statement's plan and time, nested ones (triggers, functions) too, in the
    // PostgreSQL server's log (auto_explain), for the measured requests.
    if (process.env.TRACE_EXPLAIN)
      for (const setting of [
        `session_preload_libraries = 'auto_explain'`,
        'auto_explain.log_min_duration = 0',
        'auto_explain.log_analyze = on',
        'auto_explain.log_nested_statements = on',
        'auto_explain.log_timing = on',
      ])
        await admin(`alter database ${name} set ${setting}`);
    const { app, signIn, close } = await inProcessApp(target, { migrate: true });
    const [up] = await seedUploaders(target, 1);
    const user = await signIn(`trace-${Date.now()}@example.com`);
    let t = Date.now() - 60_000;
    const next = () => {
      t += 100;
      return t;
    };
    const postWeight = async (extra: Record<string, unknown>) =>
      app.request('/api/v1/entries', {
        method: 'POST',
        headers: { cookie: user.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          tracker: 'weight',
          occurredAt: new Date(next()).toISOString(),
          data: { weight: 72.4, weightUnit: 'kg' },
          ...extra,
        }),
      });
    const cases: [string, () => Promise<Response>][] = [
      [
        'NS v1 upload, one recent sgv',
        async () =>
          app.request(`/ns/${up!.slug}/api/v1/entries`, {
            method: 'POST',
            headers: {
              'api-secret': up!.apiSecret,
              'content-type': 'application/json',
              'x-forwarded-for': '10.0.0.1',
            },
            body: JSON.stringify([
              { type: 'sgv', sgv: 120, date: next(), direction: 'Flat', device: 'xDrip' },
            ]),
          }),
      ],
      ['POST /api/v1/entries (weight)', () => postWeight({})],
      [
        'POST /api/v1/entries (weight, as the web app sends it: with its offline queue id)',
        () => postWeight({ clientId: randomUUID() }),
      ],
      [
        'GET /api/v1/profile',
        async () => app.request('/api/v1/profile', { headers: { cookie: user.cookie } }),
      ],
    ];
    for (const [label, send] of cases) {
      for (let i = 0; i < 30; i++) await send();
      syncs = queries = writes = 0;
      const n = 20;
      for (let i = 0; i < n; i++) {
        const res = await send();
        if (res.status >= 300) throw new Error(`${label}: ${res.status} ${await res.text()}`);
      }
      show = true;
      console.info(label);
      await send();
      show = false;
      console.info(
        `${label}: ${(syncs / n).toFixed(1)} syncs, ${(queries / n).toFixed(1)} simple queries, ${(writes / n).toFixed(1)} socket writes per request`,
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
