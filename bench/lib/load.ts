import autocannon, { type AutocannonClient, type AutocannonRequest } from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  /**
   * Per connection (0, 1, 2… in the order autocannon opens them): its own headers (a user's cookie, an
   * upload credential), path, and, when `body` is given, a fresh body for each request it sends.
   */
  perConnection?: (index: number) => { headers: Record<string, string>; path?: string; body?: () => string };
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

const perConnectionSetup = (opts: LoadOptions) => {
  let next = 0;
  const url = new URL(opts.url);
  return (client: AutocannonClient) => {
    const own = opts.perConnection!(next++);
    const headers = { ...opts.headers, ...own.headers };
    const fresh = own.body;
    client.setRequests([
      {
        method: opts.method ?? 'GET',
        path: own.path ?? url.pathname + url.search,
        headers,
        body: fresh ? fresh() : opts.body,
        ...(fresh ? { setupRequest: (req: AutocannonRequest) => ({ ...req, body: fresh() }) } : {}),
      },
    ]);
  };
};

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
    ...(opts.perConnection ? { setupClient: perConnectionSetup(opts) } : {}),
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
