/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`) by where the time went: self time grouped by
 * package or area, and the inclusive time of the request path's main steps.
 *   npx tsx bench/lib/cpu-profile-summary.ts /tmp/prof/CPU.….cpuprofile
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const AREAS: [string, RegExp][] = [
  [
    'logging (pino, sonic-boom)',
    /node_modules\/(pino|sonic-boom|pino-std-serializers|fast-redact|thread-stream)\//,
  ],
  [
    'driver (pg, pg-protocol, pg-pool)',
    /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+|pgpass)\//,
  ],
  ['pglite', /node_modules\/@electric-sql\//],
  ['ORM (drizzle-orm)', /node_modules\/drizzle-orm\//],
  ['validation (zod, zod-openapi)', /node_modules\/(zod|@hono\/zod-openapi|@hono\/zod-validator)\//],
  ['HTTP adapter (@hono/node-server)', /node_modules\/@hono\/node-server\//],
  ['framework (hono: router, middleware)', /node_modules\/hono\//],
  ['auth (better-auth)', /node_modules\/(better-auth|@better-auth)\//],
  ['app code (server/src)', /\/server\/src\//],
  ['core (shared schemas)', /\/core\/src\//],
  ['other packages', /node_modules\//],
];

const areaOf = (n: Node) => {
  const { url, functionName } = n.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : `native ${functionName || '(anonymous)'}`;
  if (/^node:|^internal\//.test(url)) return 'node: http, net, streams, crypto';
  return AREAS.find(([, re]) => re.test(url))?.[0] ?? 'other';
};

const profile = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const idle = [...self]
  .filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)')
  .reduce((a, [, t]) => a + t, 0);

// Native and node-internal work (socket writes, file writes, hashing) is charged to the nearest
// package or app frame that asked for it; what has none (HTTP parsing, socket reads) stays with node.
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const attributed = (id: number) => {
  const leaf = byId.get(id)!;
  if (!leaf.callFrame.url && leaf.callFrame.functionName.startsWith('(')) return leaf.callFrame.functionName;
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const a = areaOf(byId.get(cur)!);
    if (!a.startsWith('native') && !a.startsWith('node:') && !a.startsWith('(')) return a;
  }
  return 'node: http, net, streams, crypto';
};
const areas = new Map<string, number>();
for (const [id, t] of self) {
  const a = attributed(id);
  areas.set(a, (areas.get(a) ?? 0) + t);
}
console.info(`profile ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s; busy time by area:`);
const busy = total - idle;
for (const [a, t] of [...areas].sort((x, y) => y[1] - x[1])) {
  if (a === '(idle)') continue;
  console.info(`  ${a.padEnd(40)} ${((100 * t) / busy).toFixed(1).padStart(5)}%`);
}

// Inclusive time of named functions (each sample counted once per function on its stack).
const watch = (process.argv[3] ?? '').split(',').filter(Boolean);
if (watch.length) {
  const incl = new Map<string, number>();
  for (const [id, t] of self) {
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const fn = byId.get(cur)!.callFrame.functionName;
      for (const w of watch) {
        if (fn !== w || seen.has(w)) continue;
        seen.add(w);
        incl.set(w, (incl.get(w) ?? 0) + t);
      }
    }
  }
  console.info('inclusive time of functions:');
  for (const w of watch)
    console.info(`  ${w.padEnd(40)} ${((100 * (incl.get(w) ?? 0)) / busy).toFixed(1).padStart(5)}%`);
}

// The heaviest self-time functions, for the details.
const fns = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/server\/src\//, 'server/src/')}`;
  fns.set(key, (fns.get(key) ?? 0) + t);
}
console.info('top self-time functions:');
for (const [k, t] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, Number(process.env.TOP ?? 25))) {
  if (k.startsWith('(idle)')) continue;
  console.info(`  ${((100 * t) / busy).toFixed(1).padStart(5)}%  ${k}`);
}
