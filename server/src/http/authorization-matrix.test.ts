import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, type Actor } from '../../test/authz/actors';
import { ruleIndex } from '../../test/authz/expectations';
import { NIGHTSCOUT_AT_ROOT, OPTIONS } from '../../test/authz/options';
import { concretePath, type PathContext } from '../../test/authz/paths';
import {
  type Outcome,
  REFUSAL_CODES,
  RULES,
  type RuleName,
  SEES_OWNER,
  SEES_WARD,
} from '../../test/authz/rules';
import { buildWorld, OWNER_MARK, WARD_MARK } from '../../test/authz/world';
import { createTestServer, type TestServer } from '../../test/harness';
import { startTerraStub, type TerraStub } from '../../test/terra-stub';

/**
 * Every operation of /api/openapi.json × every kind of caller (test/authz/actors.ts): each answers as
 * its rule in test/authz/expectations.ts says, and no one is shown a person's data they may not see.
 * A route missing from the table fails the first test. See docs/ARCHITECTURE.md ("Authorization").
 */

const { index, twice } = ruleIndex();
const destructive = (route: string) => OPTIONS[route]?.destructive;
/** The table's routes: the harmless ones first, then those that delete, revoke or sign out, in order. */
const ROUTES = [...index.keys()].sort((a, b) => (destructive(a) ?? -1) - (destructive(b) ?? -1));

let server: TestServer;
let terra: TerraStub;
let ctx: PathContext;
let live: string[] = [];

beforeAll(async () => {
  // Terra configured (its loopback stub), so its webhook checks a signature nobody in the matrix can make.
  terra = await startTerraStub();
  // Attempt budgets are not what this tests: every actor tries a wrong password on several routes.
  server = await createTestServer(
    { trustProxy: 1 },
    { ...terra.env, AUTH_THROTTLE_PER_ACCOUNT: '1000', AUTH_THROTTLE_PER_IP: '1000' },
  );
  ctx = await buildWorld(server);
  const doc = (await (await server.client().get('/api/openapi.json')).json()) as {
    paths: Record<string, object>;
  };
  live = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
  await terra?.close();
});

const allowed = (status: number) => status < 500 && ![401, 403, 404].includes(status);

/** Where the site's root answers as Nightscout to a request carrying a token (modules/nightscout/ns-root.ts). */
const nightscoutDoor = (path: string) => path.startsWith('/api/v1/') && path !== '/api/v1/household/follow';

/** The answer `actor` must get (and its problem code, where the rule names one). */
export const expectedOf = (
  route: string,
  rule: RuleName,
  actor: Actor,
): { outcome: Outcome; code?: string } => {
  const options = OPTIONS[route] ?? {};
  const template = route.slice(route.indexOf(' ') + 1);
  const handle = ctx.world.actors[actor];
  // A token in a header at /api/v1/… is Nightscout's to answer (modules/nightscout/ns-root.ts).
  if (handle.sendsHeader(template, template.includes('{token}')) && nightscoutDoor(template))
    return { outcome: actor === 'uploader' ? (NIGHTSCOUT_AT_ROOT.has(route) ? 'ok' : 404) : 401 };
  const named = /\{(id|userId|accountId|invitationId|personId|loinc)\}/.test(route);
  const outcome = RULES[rule](actor, { named, category: options.category });
  if (outcome === 'ok') return { outcome: options.okAs ?? 'ok' };
  return { outcome, code: REFUSAL_CODES[rule]?.[outcome] };
};

/** What one cell asks and gets; a problem is a sentence naming the cell, else null. */
const cell = async (route: string, rule: RuleName, actor: Actor): Promise<string | null> => {
  const options = OPTIONS[route] ?? {};
  const method = route.slice(0, route.indexOf(' '));
  const { outcome: expected, code } = expectedOf(route, rule, actor);
  const path = concretePath(route, actor, ctx, rule === 'person');
  const body =
    typeof options.body === 'function'
      ? options.body(ctx.ownerIds)
      : (options.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}));
  const res = await ctx.world.actors[actor].send(method, path, body, route.includes('{token}'));
  const streamed = res.headers.get('content-type')?.includes('text/event-stream');
  // The notification stream stays open: its status is the answer.
  if (streamed) await res.body?.cancel();
  const text = streamed ? '' : await res.text();
  const got = `${res.status} ${text.slice(0, 160)}`;
  if (expected === 'ok' ? !allowed(res.status) : res.status !== expected)
    return `${actor}: expected ${expected}, got ${got}`;
  if (code && !text.includes(`"code":"${code}"`)) return `${actor}: expected ${expected} ${code}, got ${got}`;
  if (res.status < 300) {
    if (text.includes(OWNER_MARK) && !SEES_OWNER[rule]?.includes(actor))
      return `${actor}: shown the owner's data`;
    if (text.includes(WARD_MARK) && !SEES_WARD[rule]?.includes(actor))
      return `${actor}: shown the ward's data`;
  }
  return null;
};

describe('the authorization matrix', () => {
  it('has exactly one rule for every operation in the OpenAPI document', () => {
    const missing = live.filter((r) => !index.has(r));
    expect(missing, 'add each to test/authz/expectations.ts under the rule its guard implements').toEqual([]);
    expect(
      [...index.keys()].filter((r) => !live.includes(r)),
      'no longer in the API',
    ).toEqual([]);
    expect(twice).toEqual([]);
    expect(Object.keys(OPTIONS).filter((r) => !index.has(r))).toEqual([]);
  });

  it.each(ROUTES)('%s', async (route) => {
    const rule = index.get(route)!;
    const problems: (string | null)[] = [];
    if (destructive(route) === undefined) {
      problems.push(...(await Promise.all(ACTORS.map((actor) => cell(route, rule, actor)))));
    } else {
      // One at a time, refused callers first: an allowed one's delete must not decide a later cell.
      const order = [...ACTORS].sort(
        (a, b) =>
          Number(expectedOf(route, rule, a).outcome === 'ok') -
          Number(expectedOf(route, rule, b).outcome === 'ok'),
      );
      for (const actor of order) problems.push(await cell(route, rule, actor));
    }
    expect(problems.filter(Boolean), `${route} (${rule})`).toEqual([]);
  });
});
