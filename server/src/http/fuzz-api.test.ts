import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatSummary, fuzzApi } from '../../test/fuzz/run';
import { createTestServer, type TestServer } from '../../test/harness';

/**
 * Requests derived from every operation of /api/openapi.json (server/test/fuzz/), as the signed-in
 * user, a caregiver's share link, anonymous and an admin: no 5xx, every 4xx a problem with a documented status,
 * no stack trace or SQL in a body. `npm test` sends a fixed-seed slice; `npm run fuzz` sends 10,000+
 * (FUZZ_RUNS, FUZZ_SEED; FUZZ_ONLY=i,j replays single requests of a seed's run).
 */
const runs = Number(process.env.FUZZ_RUNS ?? 400);
const seed = Number(process.env.FUZZ_SEED ?? 37);
const only = process.env.FUZZ_ONLY?.split(',').map(Number);

let server: TestServer;
beforeAll(async () => {
  // Each request comes from its own address (x-forwarded-for): the per-IP budgets are not what is fuzzed.
  server = await createTestServer({}, { TRUST_PROXY: '1' });
});
afterAll(() => server.close());

it(`answers ${only ? `requests ${only.join(',')}` : `${runs} fuzzed requests`} (seed ${seed}) within the contract`, {
  timeout: 60_000 + runs * 200,
}, async () => {
  const summary = await fuzzApi(server, { seed, runs, only });
  const report = formatSummary(summary);
  if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, `${report}\n`);
  else if (summary.failures.length) console.info(report);
  expect(
    summary.failures.map((f) => `#${f.index} ${f.identity} ${f.op} → ${f.status}: ${f.why.join(', ')}`),
  ).toEqual([]);
});
