import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  completed: number;
  /** Wrong answers (non-2xx) and connection errors: these make the figures meaningless. */
  failed: number;
  /** Requests unanswered within autocannon's 10 s: slowness, reported but not a failure. */
  timedOut: number;
}

/**
 * autocannon in this (the bench's) process, apart from the server under test: `connections`
 * keep-alive connections, each sending its next request as soon as the last one answered.
 */
export const runLoad = async (opts: LoadOptions): Promise<LoadResult> => {
  const r = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    connections: opts.connections,
    duration: opts.seconds,
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    completed: r.requests.total,
    // autocannon counts a timeout as an error too.
    failed: r.non2xx + Math.max(0, r.errors - r.timeouts),
    timedOut: r.timeouts,
  };
};
