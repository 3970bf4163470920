import { PERSON_HEADER } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { setRole, signInAdmin } from '../admin';
import {
  latestMailLink,
  signUpAndSignIn,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../harness';
import { actingFor, addPerson } from '../household';
import { newCredential, sha1 } from '../nightscout-apps';

/** Everyone the authorization matrix asks, in the order a destructive operation asks them (see run.ts). */
export const ACTORS = [
  'anonymous',
  'carerValid',
  'carerExpired',
  'carerRevoked',
  'carerOutOfCategory',
  'follower',
  'uploader',
  'disabled',
  'other',
  'moderator',
  'demotedAdmin',
  'removedGuardian',
  'admin',
  'guardian',
  'owner',
] as const;
export type Actor = (typeof ACTORS)[number];

/** A session actor sends its cookie; a token actor sends its token; `send` adds the one it holds. */
export interface ActorHandle {
  /** Signed-in account id (session actors). */
  accountId?: string;
  /** The credential string it holds, put where a route wants a token in its path. */
  token?: string;
  /** A caregiver's token lives in its link: where the route takes one in its path, it sends no header. */
  linkOnly?: boolean;
  /** Whether it sends its token in a header on this path (Nightscout's door at /api/v1 answers those). */
  sendsHeader: (path: string, tokenInPath: boolean) => boolean;
  send: (method: string, path: string, body: unknown, tokenInPath: boolean) => Promise<TestResponse>;
}

/** The share a caregiver holds: read-only, these categories (the out-of-category one holds insurance-free appointments only). */
export const OUT_OF_CATEGORY: readonly string[] = ['appointments'];

export interface World {
  server: TestServer;
  actors: Record<Actor, ActorHandle>;
  ownerId: string;
  /** The ward: a child person kept by `guardian` (and once by `removedGuardian`), with records of their own. */
  wardId: string;
  owner: TestClient;
  /** The ward's guardian (acting for the ward with the person header). */
  guardian: TestClient;
  admin: TestClient;
  guardianId: string;
  /** The owner's Nightscout upload credential. */
  slug: string;
  uploadSecret: string;
  feedToken: string;
}

let ip = 0;
/** Each request from its own address: per-IP budgets (share lookups, sign-in) are not what this tests. */
const address = () => ({ 'x-forwarded-for': `10.77.${Math.floor(++ip / 250) % 250}.${ip % 250}` });

const tokenOfLink = (link: string) => new URL(link).pathname.split('/').pop()!;

const share = async (owner: TestClient, categories: readonly string[]) => {
  const res = await owner.post('/api/v1/shares', {
    email: 'authz-carer@example.com',
    categories,
    accessType: 'full_access',
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { id, link } = await res.json();
  return { id: id as string, token: tokenOfLink(link) };
};

const session = (
  client: TestClient,
  headers: Record<string, string> = {},
): Omit<ActorHandle, 'accountId'> => ({
  sendsHeader: () => false,
  send: (method, path, body) => client.request(method, path, body, { ...address(), ...headers }),
});

/** A caller with no cookie that presents `headers(path)` (a token) on its requests. */
const bearing = (
  server: TestServer,
  headers: (path: string) => Record<string, string>,
  linkOnly = false,
): Omit<ActorHandle, 'token'> => ({
  linkOnly,
  sendsHeader: (path, inPath) => Object.keys(headers(path)).length > 0 && !(linkOnly && inPath),
  send: (method, path, body, inPath) =>
    server
      .client()
      .request(method, path, body, { ...address(), ...(linkOnly && inPath ? {} : headers(path)) }),
});

export const ALL_CATEGORIES = ['documents', 'health_metrics', 'medications', 'appointments', 'lab_results'];

/** Signs everyone up and gives each actor the credential it is named for. */
export const makeActors = async (server: TestServer) => {
  const db = server.deps.db;
  const { client: owner, userId: ownerId } = await signUpAndSignIn(server, 'authz-owner@example.com');
  const other = await signUpAndSignIn(server, 'authz-other@example.com');
  const moderator = await signUpAndSignIn(server, 'authz-moderator@example.com');
  await setRole(server, moderator.userId, 'moderator');
  const admin = await signInAdmin(server, 'authz-admin@example.com');
  const demoted = await signInAdmin(server, 'authz-demoted@example.com');
  // Still signed in as an admin (its session passed the second factor), then the role is taken away.
  expect((await demoted.client.get('/api/v1/admin/dashboard')).status).toBe(200);
  expect(
    (await admin.client.put(`/api/v1/admin/users/${demoted.userId}/role`, { role: 'user' })).status,
  ).toBe(200);
  const disabled = await signUpAndSignIn(server, 'authz-disabled@example.com');
  // Its session has just answered (and sits in the session cache) when the account is disabled.
  expect((await disabled.client.get('/api/v1/profile')).status).toBe(200);
  expect(
    (await admin.client.put(`/api/v1/admin/users/${disabled.userId}/status`, { status: 'disabled' })).status,
  ).toBe(200);

  // The household: the guardian keeps Wren; a second guardian accepted an invitation and was removed.
  const guardian = await signUpAndSignIn(server, 'authz-guardian@example.com');
  const wardId = await addPerson(guardian.client, 'Wren');
  const removed = await signUpAndSignIn(server, 'authz-removed@example.com');
  await guardian.client.post(`/api/v1/household/people/${wardId}/invitations`, {
    email: 'authz-removed@example.com',
    kind: 'guardian',
  });
  const invitation = tokenOfLink(await latestMailLink(db, 'authz-removed@example.com'));
  expect((await removed.client.post(`/api/v1/household/invitations/${invitation}/accept`)).status).toBe(200);
  expect((await actingFor(removed.client, wardId).get('/api/v1/profile')).status).toBe(200);
  expect(
    (await guardian.client.delete(`/api/v1/household/people/${wardId}/guardians/${removed.userId}`)).status,
  ).toBe(204);

  const valid = await share(owner, ALL_CATEGORIES);
  const outOfCategory = await share(owner, OUT_OF_CATEGORY);
  const expired = await share(owner, ALL_CATEGORIES);
  await db.owner.execute(
    sql`update shared_access set expires_at = now() - interval '1 second' where id = ${expired.id}`,
  );
  const revoked = await share(owner, ALL_CATEGORIES);
  // The caregiver had opened it before it was revoked.
  expect((await server.client().get(`/api/v1/shared/${revoked.token}`)).status).toBe(200);
  expect((await owner.post(`/api/v1/shares/${revoked.id}/revoke`)).status).toBe(200);

  const followed = await owner.post('/api/v1/household/followers', { name: 'Authz follower' });
  expect(followed.status).toBe(201);
  const followerToken = (await followed.json()).token as string;
  const credential = await newCredential(owner, 'Authz uploader');
  const slug = new URL(credential.baseUrl).pathname.split('/')[2]!;
  // AndroidAPS' API v3 trades the secret for a JWT first.
  const jwt = await server.app.request(
    `/api/v2/authorization/request/${encodeURIComponent(credential.secret)}`,
  );
  expect(jwt.status).toBe(200);
  const v3Token = ((await jwt.json()) as { token: string }).token;
  const feed = await owner.post('/api/v1/calendar/feed', {});
  const feedToken = tokenOfLink((await feed.json()).url).replace('.ics', '');

  const carer = (token: string, linkOnly = true): ActorHandle => ({
    token,
    ...bearing(server, () => ({ authorization: `Bearer ${token}` }), linkOnly),
  });
  const wardHeader = { [PERSON_HEADER]: wardId };
  const actors: Record<Actor, ActorHandle> = {
    anonymous: bearing(server, () => ({})),
    owner: { accountId: ownerId, ...session(owner) },
    other: { accountId: other.userId, ...session(other.client) },
    guardian: { accountId: guardian.userId, ...session(guardian.client, wardHeader) },
    removedGuardian: { accountId: removed.userId, ...session(removed.client, wardHeader) },
    carerValid: carer(valid.token),
    carerExpired: carer(expired.token),
    carerRevoked: carer(revoked.token),
    carerOutOfCategory: carer(outOfCategory.token),
    follower: carer(followerToken, false),
    uploader: {
      token: credential.secret,
      ...bearing(
        server,
        (path): Record<string, string> =>
          path.includes('/api/v3/')
            ? { authorization: `Bearer ${v3Token}` }
            : { 'api-secret': sha1(credential.secret) },
      ),
    },
    moderator: { accountId: moderator.userId, ...session(moderator.client) },
    admin: { accountId: admin.userId, ...session(admin.client) },
    demotedAdmin: { accountId: demoted.userId, ...session(demoted.client) },
    disabled: { accountId: disabled.userId, ...session(disabled.client) },
  };
  return {
    server,
    actors,
    ownerId,
    wardId,
    owner,
    guardian: guardian.client,
    admin: admin.client,
    guardianId: guardian.userId,
    slug,
    uploadSecret: credential.secret,
    feedToken,
  } satisfies World;
};
