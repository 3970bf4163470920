/** How far back the console's latency and error figures reach. */
export const METRICS_WINDOW_MS = 60 * 60_000;
const MAX_SAMPLES = 50_000;

export interface RequestMetricsSnapshot {
  windowMinutes: number;
  since: string;
  count: number;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  /** Share of answers that were server errors (5xx), 0..1. */
  errorRate: number | null;
}

export interface RequestMetrics {
  record(ms: number, status: number, at?: number): void;
  snapshot(now?: number): RequestMetricsSnapshot;
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : null;

/**
 * The API's own latency and error rate, measured by this process from the request log (a ring of the
 * last hour's requests, at most MAX_SAMPLES). Each process measures only what it served.
 */
export const createRequestMetrics = (startedAt = Date.now()): RequestMetrics => {
  const at = new Float64Array(MAX_SAMPLES);
  const ms = new Float64Array(MAX_SAMPLES);
  const failed = new Uint8Array(MAX_SAMPLES);
  let next = 0;
  let size = 0;
  return {
    record(duration, status, when = Date.now()) {
      at[next] = when;
      ms[next] = duration;
      failed[next] = status >= 500 ? 1 : 0;
      next = (next + 1) % MAX_SAMPLES;
      size = Math.min(size + 1, MAX_SAMPLES);
    },
    snapshot(now = Date.now()) {
      const from = now - METRICS_WINDOW_MS;
      const durations: number[] = [];
      let errors = 0;
      for (let i = 0; i < size; i++) {
        if (at[i]! < from) continue;
        durations.push(ms[i]!);
        errors += failed[i]!;
      }
      durations.sort((a, b) => a - b);
      return {
        windowMinutes: METRICS_WINDOW_MS / 60_000,
        since: new Date(Math.max(from, startedAt)).toISOString(),
        count: durations.length,
        p50Ms: percentile(durations, 50),
        p95Ms: percentile(durations, 95),
        p99Ms: percentile(durations, 99),
        errorRate: durations.length ? errors / durations.length : null,
      };
    },
  };
};
