import fc from 'fast-check';
import { APP_URL, type TestServer } from '../harness';
import { createIdentities } from './identities';
import { EXCLUDED, type OpenApiDocument, type Operation, operationsOf } from './operations';
import { judge } from './oracle';
import { type FuzzRequest, type Identity, requestFor } from './requests';

export interface FuzzFailure {
  index: number;
  identity: string;
  op: string;
  request: string;
  status: number;
  why: string[];
  body: string;
}

export interface FuzzSummary {
  seed: number;
  requests: number;
  operations: number;
  opsCovered: number;
  excluded: Record<string, string>;
  statuses: Record<number, number>;
  /** The same, per identity: `user 200` → count. */
  byIdentity: Record<string, number>;
  failures: FuzzFailure[];
}

/** Operations whose success ends the session the rest of the run uses: the user signs in again after. */
const ENDS_SESSION =
  /^POST \/api\/auth\/(sign-out|change-password|revoke-other-sessions|two-factor\/)|^DELETE \/api\/v1\/me$/;

const describeRequest = (r: FuzzRequest) => {
  const body =
    r.body === undefined
      ? ''
      : typeof r.body === 'string'
        ? ` ${r.body.length > 300 ? `${r.body.slice(0, 300)}… (${r.body.length} chars)` : r.body}`
        : ` <${r.body.length} bytes>`;
  return `${r.method} ${r.url.length > 300 ? `${r.url.slice(0, 300)}…` : r.url} [${r.shape}; ${r.headers['content-type'] ?? 'no type'}; origin ${r.headers.origin ?? 'none'}]${body}`;
};

/**
 * Sends `runs` requests derived from the API document: request i is generated from seed + i alone, so
 * `only: [i]` replays one failure exactly. Operations and identities go round in turn.
 */
export const fuzzApi = async (
  server: TestServer,
  opts: { seed: number; runs: number; only?: number[]; email?: string },
): Promise<FuzzSummary> => {
  const doc = (await (await server.client().get('/api/openapi.json')).json()) as OpenApiDocument;
  const ops = operationsOf(doc).filter((op) => !(op.key in EXCLUDED));
  const who = await createIdentities(server, opts.email ?? 'fuzz@example.com');
  const identities: Identity[] = [who.user, who.caregiver, who.anonymous, who.admin];
  const arbitraries = new Map<string, fc.Arbitrary<FuzzRequest>>();
  const arbitraryFor = (op: Operation, id: Identity) => {
    const key = `${id.name} ${op.key}`;
    const known = arbitraries.get(key);
    if (known) return known;
    const arb = requestFor(op, id);
    arbitraries.set(key, arb);
    return arb;
  };
  const summary: FuzzSummary = {
    seed: opts.seed,
    requests: 0,
    operations: ops.length,
    opsCovered: 0,
    excluded: EXCLUDED,
    statuses: {},
    byIdentity: {},
    failures: [],
  };
  const covered = new Set<string>();
  const indexes = opts.only ?? Array.from({ length: opts.runs }, (_, i) => i);
  for (const index of indexes) {
    const op = ops[index % ops.length]!;
    const id = identities[Math.floor(index / ops.length) % identities.length]!;
    const [request] = fc.sample(arbitraryFor(op, id), { seed: opts.seed + index, numRuns: 1 });
    const r = request!;
    // Each request from its own address, as the fuzzer is not what the per-IP budgets are about.
    const headers = {
      ...r.headers,
      'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    };
    let status: number;
    let contentType: string;
    let text: string;
    try {
      const res = await server.app.request(r.url, {
        method: r.method,
        headers,
        body: r.body as RequestInit['body'],
        redirect: 'manual',
      });
      status = res.status;
      contentType = res.headers.get('content-type') ?? '';
      text = /pdf|octet|image|zip/.test(contentType) ? '' : await res.text();
      await server.deps.background.settled();
    } catch (error) {
      status = 599;
      contentType = '';
      text = `thrown: ${String(error)}`;
    }
    summary.requests++;
    summary.statuses[status] = (summary.statuses[status] ?? 0) + 1;
    const cell = `${id.name} ${Math.floor(status / 100)}xx`;
    summary.byIdentity[cell] = (summary.byIdentity[cell] ?? 0) + 1;
    covered.add(op.key);
    const why = judge(op, status, contentType, text);
    if (why.length)
      summary.failures.push({
        index,
        identity: id.name,
        op: op.key,
        request: describeRequest(r),
        status,
        why,
        body: text.slice(0, 400),
      });
    if (id.name === 'user' && ENDS_SESSION.test(op.key) && status < 300) await who.restoreUser();
    if (id.name === 'admin' && ENDS_SESSION.test(op.key) && status < 300) await who.restoreAdmin();
    // A platform setting the admin changed (maintenance mode, registration closed) would change every
    // answer after it: the settings go back to their defaults.
    if (id.name === 'admin' && /^PUT \/api\/v1\/admin\/settings\//.test(op.key) && status < 300)
      await server.app.request('/api/v1/admin/settings/reset', {
        method: 'POST',
        headers: { ...id.headers(), origin: APP_URL, 'content-type': 'application/json' },
        body: '{}',
      });
    if (id.name === 'user' && status === 401 && !op.key.includes('/auth/')) await who.restoreUser();
  }
  summary.opsCovered = covered.size;
  return summary;
};

export const formatSummary = (s: FuzzSummary) => {
  const lines = [
    `API fuzz: seed ${s.seed}, ${s.requests} requests, ${s.opsCovered}/${s.operations} operations covered`,
    `excluded: ${
      Object.entries(s.excluded)
        .map(([op, why]) => `${op} (${why})`)
        .join('; ') || 'none'
    }`,
    `statuses: ${Object.entries(s.statuses)
      .map(([k, v]) => `${k}×${v}`)
      .join(' ')}`,
    `by identity: ${Object.entries(s.byIdentity)
      .sort()
      .map(([k, v]) => `${k}×${v}`)
      .join(' ')}`,
    `failures: ${s.failures.length}`,
  ];
  for (const f of s.failures.slice(0, 200))
    lines.push(
      `  #${f.index} (replay: FUZZ_SEED=${s.seed} FUZZ_ONLY=${f.index}) as ${f.identity}: ${f.op} → ${f.status}: ${f.why.join(', ')}\n    ${f.request}\n    ← ${f.body.replace(/\s+/g, ' ').slice(0, 300)}`,
    );
  return lines.join('\n');
};
