import { createHash } from 'node:crypto';
import type {
  ConnectHealthSystemResponse,
  DiscoverHealthSystemResponse,
  HealthSystemCallbackError,
  HealthSystemEndpointsQuery,
  HealthSystemEndpointsResponse,
  HealthSystemKind,
} from '@healthfolio/core';
import { HEALTH_SYSTEM_KINDS } from '@healthfolio/core';
import { and, asc, eq, ilike, isNotNull, lt, or, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { healthSystemAuthorizations, healthSystemConnections, healthSystemEndpoints } from '../../db/schema';
import { notFound, ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { openSecret, sealSecret } from '../vendor-pulls/vendor-seal';
import { registrationAddresses } from './admin-health-systems.service';
import { type HealthSystemsDeps, oauthFor, sealTokens, tokensOf } from './health-systems.deps';
import { queueSync } from './health-systems.sync-job';
import { type SmartDiscovery, scopesFor } from './smart-client';

/** A sign-in at the health system must come back within this time. */
export const AUTHORIZE_TTL_MS = 10 * 60_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** An endpoint a person can connect: enabled, with this instance's registration (its client id). */
const connectable = () =>
  and(eq(healthSystemEndpoints.enabled, true), isNotNull(healthSystemEndpoints.clientId));

/** The kinds (portals, insurers) a person can connect here; none when the admin has added none. */
export const connectableKinds = async (
  db: Pick<HealthSystemsDeps, 'db'>['db'],
): Promise<HealthSystemKind[]> => {
  const rows = await db.readAsSystem((tx) =>
    tx.selectDistinct({ kind: healthSystemEndpoints.kind }).from(healthSystemEndpoints).where(connectable()),
  );
  return HEALTH_SYSTEM_KINDS.filter((k) => rows.some((r) => r.kind === k));
};

/** Enabled endpoints with a client id: the ones a person can connect, by name or brand. */
export const listConnectableEndpoints = async (
  { db }: Pick<HealthSystemsDeps, 'db'>,
  q: HealthSystemEndpointsQuery,
): Promise<HealthSystemEndpointsResponse> => {
  const e = healthSystemEndpoints;
  const words = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db.readAsSystem((tx) =>
    tx
      .select({ id: e.id, name: e.name, kind: e.kind, fhirBaseUrl: e.fhirBaseUrl, brand: e.brand })
      .from(e)
      .where(
        and(
          connectable(),
          q.kind ? eq(e.kind, q.kind) : undefined,
          words ? or(ilike(e.name, words), ilike(e.brand, words)) : undefined,
        ),
      )
      .orderBy(asc(e.name), asc(e.id))
      .limit(200),
  );
  return { endpoints: rows as HealthSystemEndpointsResponse['endpoints'] };
};

const endpointAt = (deps: Pick<HealthSystemsDeps, 'db'>, base: string) =>
  deps.db
    .readAsSystem((tx) =>
      tx.select().from(healthSystemEndpoints).where(eq(healthSystemEndpoints.fhirBaseUrl, base)),
    )
    .then((r) => r[0] ?? null);

const NO_REGISTRATION =
  'This Healthfolio is not set up to connect to this health system yet: whoever runs it can add it in the admin console.';
const NO_PKCE = 'This server does not offer PKCE (S256), which Healthfolio needs to connect safely.';
const OFF = 'Your administrator has switched connections to this health system off.';

/** What a server's SMART configuration says, shown before anything else happens. */
export const discoverHealthSystem = async (
  deps: HealthSystemsDeps,
  fhirBaseUrl: string,
): Promise<DiscoverHealthSystemResponse> => {
  const d = await deps.smart.discover(fhirBaseUrl);
  const endpoint = await endpointAt(deps, d.fhirBaseUrl);
  const reason = !endpoint?.clientId
    ? NO_REGISTRATION
    : !endpoint.enabled
      ? OFF
      : !d.pkce
        ? NO_PKCE
        : undefined;
  return {
    fhirBaseUrl: d.fhirBaseUrl,
    ...(d.issuer ? { issuer: d.issuer } : {}),
    authorizationEndpoint: d.authorizationEndpoint,
    tokenEndpoint: d.tokenEndpoint,
    ...(d.revocationEndpoint ? { revocationEndpoint: d.revocationEndpoint } : {}),
    scopesRequested: scopesFor(d),
    pkce: d.pkce,
    endpointId: endpoint?.id ?? null,
    canConnect: !reason,
    ...(reason ? { reason } : {}),
  };
};

interface PendingSecret {
  verifier: string;
  nonce?: string;
  scopes: string[];
  discovery: SmartDiscovery;
}

/**
 * Begins a standalone patient launch: reads the server's configuration again, keeps the PKCE verifier,
 * state (as its hash) and nonce for 10 minutes bound to this browser session, and answers the
 * authorize URL with every scope it asks for.
 */
export const startConnect = async (
  deps: HealthSystemsDeps,
  who: { personId: string; accountId: string; sessionId: string },
  endpointId: string,
): Promise<ConnectHealthSystemResponse> => {
  const endpoint = await deps.db
    .readAsSystem((tx) =>
      tx.select().from(healthSystemEndpoints).where(eq(healthSystemEndpoints.id, endpointId)),
    )
    .then((r) => r[0]);
  if (!endpoint?.enabled || !endpoint.clientId) throw notFound('No such health system');
  const d = await deps.smart.discover(endpoint.fhirBaseUrl);
  if (!d.pkce) throw new ProblemError(422, 'pkce_unsupported', NO_PKCE);
  const scopes = scopesFor(d);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = scopes.includes('openid') ? oidc.randomNonce() : undefined;
  const config = await oauthFor(deps, d, { clientId: endpoint.clientId, clientType: endpoint.clientType });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: registrationAddresses(deps.appUrl).redirectUri,
    scope: scopes.join(' '),
    state,
    aud: d.fhirBaseUrl,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...(nonce ? { nonce } : {}),
  });
  const secret: PendingSecret = { verifier, nonce, scopes, discovery: d };
  await deps.db.asUser(
    who.personId,
    async (tx) => {
      await tx.delete(healthSystemAuthorizations).where(lt(healthSystemAuthorizations.expiresAt, sql`now()`));
      await tx.insert(healthSystemAuthorizations).values({
        stateHash: sha256(state),
        userId: who.personId,
        accountId: who.accountId,
        sessionId: who.sessionId,
        endpointId: endpoint.id,
        secretSealed: sealSecret(JSON.stringify(secret), deps.encryptionKey),
        expiresAt: new Date(Date.now() + AUTHORIZE_TTL_MS),
      });
    },
    who.accountId,
  );
  return { authorizeUrl: url.href, scopesRequested: scopes };
};

export type CallbackOutcome = { connected: string } | { error: HealthSystemCallbackError };

/**
 * The health system sent the browser back: the state is taken (once; it must be this session's and
 * under 10 minutes old), the code exchanged with the PKCE verifier (openid-client checks state, nonce
 * and the token answer), the tokens sealed into the person's connection, and its first sync queued.
 */
export const finishConnect = async (
  deps: HealthSystemsDeps,
  session: { accountId: string; sessionId: string },
  query: URLSearchParams,
): Promise<CallbackOutcome> => {
  const state = query.get('state');
  if (!state) return { error: 'expired' };
  const [pending] = await deps.db.asSystem((tx) =>
    tx
      .delete(healthSystemAuthorizations)
      .where(eq(healthSystemAuthorizations.stateHash, sha256(state)))
      .returning(),
  );
  if (
    !pending ||
    pending.expiresAt.getTime() < Date.now() ||
    pending.sessionId !== session.sessionId ||
    pending.accountId !== session.accountId
  )
    return { error: 'expired' };
  if (query.get('error')) return { error: 'denied' };
  const endpoint = await deps.db
    .readAsSystem((tx) =>
      tx.select().from(healthSystemEndpoints).where(eq(healthSystemEndpoints.id, pending.endpointId)),
    )
    .then((r) => r[0]);
  if (!endpoint?.clientId) return { error: 'failed' };
  const secret = JSON.parse(openSecret(pending.secretSealed, deps.encryptionKey)) as PendingSecret;
  const d = secret.discovery;
  const client = { clientId: endpoint.clientId, clientType: endpoint.clientType };
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    const config = await oauthFor(deps, d, client);
    const current = new URL(registrationAddresses(deps.appUrl).redirectUri);
    current.search = query.toString();
    tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: secret.verifier,
      expectedState: state,
      ...(secret.nonce ? { expectedNonce: secret.nonce } : {}),
    });
  } catch (err) {
    deps.logger.warn(
      { err: { name: (err as Error).name, code: (err as { code?: string }).code } },
      'health system token exchange failed',
    );
    return { error: 'failed' };
  }
  const patientId = typeof tokens.patient === 'string' ? tokens.patient : null;
  if (!patientId) return { error: 'failed' };
  const scopes = tokens.scope ? tokens.scope.split(' ').filter(Boolean) : secret.scopes;
  const values = {
    userId: pending.userId,
    endpointId: endpoint.id,
    name: endpoint.name,
    kind: endpoint.kind,
    fhirBaseUrl: d.fhirBaseUrl,
    tokenEndpoint: d.tokenEndpoint,
    revocationEndpoint: d.revocationEndpoint ?? null,
    clientId: client.clientId,
    clientType: client.clientType,
    patientId,
    scopes,
    tokensSealed: sealTokens(tokensOf(tokens), deps.encryptionKey),
    status: 'syncing',
    problem: null,
    progress: { done: 0, total: null },
    nextSyncAt: new Date(Date.now() + 86_400_000),
  };
  const id = await deps.db.asUser(
    pending.userId,
    async (tx) => {
      const [row] = await tx
        .insert(healthSystemConnections)
        .values({ ...values, connectedAt: new Date() })
        .onConflictDoUpdate({
          target: [healthSystemConnections.userId, healthSystemConnections.fhirBaseUrl],
          // A new patient on the same server starts over; the same one continues where it was.
          set: {
            ...values,
            connectedAt: sql`now()`,
            updatedSince: sql`case when ${healthSystemConnections.patientId} = ${patientId} then ${healthSystemConnections.updatedSince} end`,
          },
        })
        .returning({ id: healthSystemConnections.id });
      await queueSync(tx, pending.userId, row!.id);
      await recordAudit(tx, pending.userId, 'create', 'health_system_connection', row!.id, {
        endpoint: endpoint.id,
        scopes,
      });
      return row!.id;
    },
    pending.accountId,
  );
  return { connected: id };
};
