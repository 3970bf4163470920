/**
 * The ingest run's load, in a process of its own (forked by api-overhead.bench.ts with an IPC channel):
 * every uploader sends its day of readings, `perRequest` a request, over keep-alive connections (one
 * undici pool, one connection per uploader): on a schedule that offers `rate` readings a second in all
 * (open loop), or each request as soon as the last one was answered, all uploaders at once (closed loop).
 * Each uploader has its own address (`X-Forwarded-For`, the app trusts one proxy in the bench), as
 * phones do, so the per-address Nightscout budget counts each phone's requests.
 * Says `ready` once loaded (so its start-up is not counted), gets an IngestJob message, answers an
 * IngestResult, then waits to be stopped (so the parent can read this process's CPU time while it
 * still exists).
 */
import { Pool } from 'undici';
import type { Uploader } from './seed-scale';
import { INGEST_DEVICE, nsReading } from './seed-scale';

export interface IngestJob {
  url: string;
  uploaders: Pick<Uploader, 'slug' | 'apiSecret'>[];
  readingsPerUploader: number;
  /** Readings in one request (1: a phone in step with its sensor; up to 300 when catching up). */
  perRequest: number;
  /**
   * Readings a second offered, all uploaders together (open loop: requests start on a schedule,
   * answered or not, and a request's latency counts from its scheduled start); 0: closed loop, each
   * uploader sends its next request when the last is answered.
   */
  rate: number;
}

export interface IngestResult {
  readings: number;
  seconds: number;
  p50: number;
  p99: number;
  errors: number;
  firstError?: string;
}

const FIVE_MINUTES = 300_000;

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : 0;

const run = async (job: IngestJob): Promise<IngestResult> => {
  const pool = new Pool(job.url, { connections: job.uploaders.length, pipelining: 1 });
  const n = job.readingsPerUploader;
  const per = Math.max(1, Math.min(job.perRequest, n));
  const batches = Math.ceil(n / per);
  const latencies = new Float64Array(job.uploaders.length * batches);
  let answered = 0;
  let stored = 0;
  let errors = 0;
  let firstError: string | undefined;
  // A day of 5-minute readings ending at the last whole five minutes, oldest first.
  const end = Math.floor(Date.now() / FIVE_MINUTES) * FIVE_MINUTES;
  /** Uploader i's batch b (readings oldest first), its latency counted from `scheduled`. */
  const send = async (i: number, b: number, scheduled: number) => {
    const u = job.uploaders[i]!;
    const first = b * per;
    const count = Math.min(per, n - first);
    const docs = Array.from({ length: count }, (_, j) => {
      const k = first + j;
      return nsReading(
        end - (n - 1 - k) * FIVE_MINUTES,
        Math.round(120 + 40 * Math.sin(k / 20 + i)),
        INGEST_DEVICE,
      );
    });
    try {
      const res = await pool.request({
        path: `/ns/${u.slug}/api/v1/entries`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'api-secret': u.apiSecret,
          'x-forwarded-for': `10.2.${i >> 8}.${i & 255}`,
        },
        body: `[${docs.map((d) => d.slice(1, -1)).join(',')}]`,
      });
      const text = await res.body.text();
      if (res.statusCode === 200) stored += count;
      else {
        errors++;
        firstError ??= `${res.statusCode} ${text.slice(0, 200)}`;
      }
    } catch (err) {
      errors++;
      firstError ??= (err as Error).message;
    }
    latencies[answered++] = performance.now() - scheduled;
  };
  const started = performance.now();
  if (job.rate > 0) {
    // Open loop: request r (uploader r mod U, its batch r div U) starts at r / (requests a second).
    const perSecond = job.rate / per;
    const total = job.uploaders.length * batches;
    const inFlight: Promise<void>[] = [];
    let next = 0;
    while (next < total) {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * perSecond) + 1);
      for (; next < due; next++) {
        const i = next % job.uploaders.length;
        inFlight.push(send(i, Math.floor(next / job.uploaders.length), started + (next / perSecond) * 1000));
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(inFlight);
  } else {
    await Promise.all(
      job.uploaders.map(async (_, i) => {
        for (let b = 0; b < batches; b++) await send(i, b, performance.now());
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  const sorted = latencies.subarray(0, answered).sort();
  return {
    readings: stored,
    seconds,
    p50: Math.round(percentile(sorted, 0.5)),
    p99: Math.round(percentile(sorted, 0.99)),
    errors,
    firstError,
  };
};

// A listener that stays keeps the IPC channel, and so this process, alive until the parent stops it.
let started = false;
process.on('message', (job: IngestJob) => {
  if (started) return;
  started = true;
  run(job).then(
    (result) => process.send!(result),
    (err) => process.send!({ readings: 0, seconds: 0, p50: 0, p99: 0, errors: 1, firstError: String(err) }),
  );
});

process.send!('ready');
