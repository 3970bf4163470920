import { describe, expect, it } from 'vitest';
import { createRequestMetrics, METRICS_WINDOW_MS } from './request-metrics';

describe('request metrics', () => {
  it('gives nearest-rank percentiles and the 5xx share of the last hour only', () => {
    const now = 10 * METRICS_WINDOW_MS;
    const m = createRequestMetrics(0);
    expect(m.snapshot(now)).toMatchObject({ count: 0, p50Ms: null, errorRate: null });
    for (let i = 1; i <= 100; i++) m.record(i, i <= 2 ? 503 : i === 3 ? 404 : 200, now - 1000);
    m.record(5000, 500, now - METRICS_WINDOW_MS - 1); // older than the window
    expect(m.snapshot(now)).toMatchObject({ count: 100, p50Ms: 50, p95Ms: 95, p99Ms: 99, errorRate: 0.02 });
  });
});
