/**
 * The ingest run's load, in a process of its own (forked by api-overhead.bench.ts with an IPC channel):
 * every uploader sends its readings one request at a time, each as soon as the last one was answered,
 * all uploaders at once, over keep-alive connections (one undici pool, one connection per uploader).
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
  const latencies = new Float64Array(job.uploaders.length * n);
  let done = 0;
  let errors = 0;
  let firstError: string | undefined;
  // A day of 5-minute readings ending at the last whole five minutes, oldest first.
  const end = Math.floor(Date.now() / FIVE_MINUTES) * FIVE_MINUTES;
  const uploader = async (u: IngestJob['uploaders'][number], i: number) => {
    const headers = {
      'content-type': 'application/json',
      'api-secret': u.apiSecret,
      'x-forwarded-for': `10.2.${i >> 8}.${i & 255}`,
    };
    for (let k = 0; k < n; k++) {
      const at = end - (n - 1 - k) * FIVE_MINUTES;
      const body = nsReading(at, Math.round(120 + 40 * Math.sin(k / 20 + i)), INGEST_DEVICE);
      const started = performance.now();
      try {
        const res = await pool.request({
          path: `/ns/${u.slug}/api/v1/entries`,
          method: 'POST',
          headers,
          body,
        });
        const text = await res.body.text();
        if (res.statusCode !== 200) {
          errors++;
          firstError ??= `${res.statusCode} ${text.slice(0, 200)}`;
        }
      } catch (err) {
        errors++;
        firstError ??= (err as Error).message;
      }
      latencies[done++] = performance.now() - started;
    }
  };
  const started = performance.now();
  await Promise.all(job.uploaders.map(uploader));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  const sorted = latencies.subarray(0, done).sort();
  return {
    readings: done - errors,
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
