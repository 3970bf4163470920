import { Agent, request } from 'node:http';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  /** Requests to send in total (the run also stops at `maxMs`). */
  requests: number;
  /** Requests kept in flight at once. */
  concurrency: number;
  maxMs: number;
}

export interface LoadResult {
  completed: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

/**
 * A closed-loop load generator on keep-alive loopback connections: `concurrency` workers each send
 * the next request as soon as the previous answered, so the figure is what the server sustains.
 */
export const runLoad = async (opts: LoadOptions): Promise<LoadResult> => {
  const agent = new Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const target = new URL(opts.url);
  const latencies: number[] = [];
  let sent = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + opts.maxMs;

  const once = () =>
    new Promise<void>((done) => {
      const t0 = performance.now();
      const req = request(target, { agent, headers: opts.headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - t0);
          else errors++;
          done();
        });
      });
      req.on('error', () => {
        errors++;
        done();
      });
      req.end();
    });

  const worker = async () => {
    while (sent < opts.requests && performance.now() < deadline) {
      sent++;
      await once();
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    completed: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
};
