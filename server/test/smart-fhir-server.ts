import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JSONWebKeySet, jwtVerify, SignJWT } from 'jose';
import {
  averyRecord,
  type LabValue,
  labObservation,
  PATIENT_ID,
  patientOf,
  SUMMARY_PDF,
} from './smart-fhir-patient';

/**
 * A SMART on FHIR server on loopback that speaks SMART App Launch 2.x for the tests (and, run as a
 * program, for the Playwright test): `{base}/.well-known/smart-configuration`; `/authorize` (a
 * standalone patient launch: checks the client, its redirect URI, `aud`, `state` and a PKCE S256
 * challenge, then approves at once or shows an Allow/Deny page); `/token` (authorization_code with
 * the PKCE verifier checked, refresh_token; a public client by `client_id`, a confidential one by a
 * private_key_jwt assertion checked against its JWKS); `/revoke` (RFC 7009); FHIR R4 search under
 * `{base}` for the patient's resources with `next` paging and `_lastUpdated=gt…`, `Patient/{id}` and
 * `Binary/{id}`. Every FHIR request needs a live access token. The patient is smart-fhir-patient.ts's.
 */
export interface SmartClient {
  clientId: string;
  type: 'public' | 'confidential';
  redirectUri: string;
  /** A confidential client's public keys (our `/.well-known/jwks.json`). */
  jwks?: () => Promise<JSONWebKeySet>;
}

export interface SmartServerOptions {
  clients: SmartClient[];
  /** `auto` redirects back at once (server tests); `form` shows an Allow/Deny page (Playwright). */
  approve?: 'auto' | 'form';
  /** Which scopes the server advertises: SMART v2 (`patient/*.rs`) or only v1 (`patient/*.read`). */
  scopes?: 'v2' | 'v1';
  /** Resources per search page (small, so paging is exercised). */
  pageSize?: number;
  port?: number;
  /** What its sign-in page calls it. */
  name?: string;
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};
const token = () => randomBytes(24).toString('base64url');
const s256 = (v: string) => createHash('sha256').update(v).digest('base64url');
const html = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const SEARCHES = [
  'Observation',
  'Condition',
  'AllergyIntolerance',
  'MedicationRequest',
  'MedicationStatement',
  'Immunization',
  'Procedure',
  'Encounter',
  'DiagnosticReport',
  'DocumentReference',
  'ExplanationOfBenefit',
  'Coverage',
];

export const startSmartFhirServer = async (opts: SmartServerOptions) => {
  const clients = new Map(opts.clients.map((c) => [c.clientId, c]));
  const pageSize = opts.pageSize ?? 2;
  const signing = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(signing.publicKey)), kid: 'stub-1', alg: 'RS256', use: 'sig' };
  const started = Date.now();
  const dayBefore = new Date(started - 86_400_000).toISOString();
  type Stored = Record<string, unknown> & { meta: { lastUpdated: string } };
  const resources: Stored[] = averyRecord().map((r) => ({ ...r, meta: { lastUpdated: dayBefore } }));

  type Grant = { clientId: string; scope: string; patient: string };
  const codes = new Map<
    string,
    Grant & { redirectUri: string; challenge: string; nonce?: string; used: boolean }
  >();
  const access = new Map<string, Grant & { expiresAt: number }>();
  const refresh = new Map<string, Grant>();
  const usedJti = new Set<string>();
  const state = { refuseRefresh: false, lifetimeS: 3600 };
  /** What the tests look at: each FHIR request (path and query), each token request, revocations. */
  const log = {
    fhir: [] as { path: string; query: URLSearchParams }[],
    token: [] as { grantType: string; clientAuth: 'none' | 'private_key_jwt'; pkceVerified: boolean }[],
    revoked: [] as string[],
  };

  let origin = '';
  const fhirBase = () => `${origin}/fhir`;
  const scopesSupported = () =>
    opts.scopes === 'v1'
      ? ['openid', 'fhirUser', 'launch/patient', 'offline_access', 'patient/*.read']
      : ['openid', 'fhirUser', 'launch/patient', 'offline_access', 'patient/*.rs', 'patient/*.read'];

  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
    send(res, status, { error, error_description: description });

  /** The client the token request authenticates as, or why not. */
  const clientOf = async (form: URLSearchParams): Promise<SmartClient | string> => {
    const assertion = form.get('client_assertion');
    if (assertion) {
      if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
        return 'client_assertion_type';
      const unverified = JSON.parse(Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString());
      const client = clients.get(unverified.iss);
      if (client?.type !== 'confidential' || !client.jwks) return 'unknown confidential client';
      try {
        const { payload } = await jwtVerify(assertion, createLocalJWKSet(await client.jwks()), {
          issuer: client.clientId,
          subject: client.clientId,
          audience: `${origin}/token`,
          maxTokenAge: '5m',
        });
        if (!payload.jti || usedJti.has(payload.jti)) return 'jti reused';
        usedJti.add(payload.jti);
      } catch (err) {
        return `client_assertion: ${(err as Error).message}`;
      }
      return client;
    }
    const client = clients.get(form.get('client_id') ?? '');
    if (client?.type !== 'public') return 'client authentication required';
    return client;
  };

  const issue = async (grant: Grant, nonce?: string) => {
    const at = token();
    const rt = token();
    access.set(at, { ...grant, expiresAt: Date.now() + state.lifetimeS * 1000 });
    if (grant.scope.split(' ').includes('offline_access')) refresh.set(rt, grant);
    const idToken = grant.scope.split(' ').includes('openid')
      ? await new SignJWT({ fhirUser: `${fhirBase()}/Patient/${grant.patient}`, ...(nonce ? { nonce } : {}) })
          .setProtectedHeader({ alg: 'RS256', kid: 'stub-1' })
          .setIssuer(fhirBase())
          .setAudience(grant.clientId)
          .setSubject(grant.patient)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(signing.privateKey)
      : undefined;
    return {
      access_token: at,
      token_type: 'Bearer',
      expires_in: state.lifetimeS,
      scope: grant.scope,
      patient: grant.patient,
      ...(refresh.has(rt) ? { refresh_token: rt } : {}),
      ...(idToken ? { id_token: idToken } : {}),
    };
  };

  const tokenEndpoint = async (req: IncomingMessage, res: ServerResponse) => {
    const form = new URLSearchParams(await readBody(req));
    const client = await clientOf(form);
    const grantType = form.get('grant_type') ?? '';
    if (typeof client === 'string') return oauthError(res, 401, 'invalid_client', client);
    const clientAuth = client.type === 'public' ? 'none' : 'private_key_jwt';
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code || code.used || code.clientId !== client.clientId)
        return oauthError(res, 400, 'invalid_grant', 'unknown or used code');
      code.used = true;
      if (form.get('redirect_uri') !== code.redirectUri)
        return oauthError(res, 400, 'invalid_grant', 'redirect_uri differs');
      const pkceVerified = s256(form.get('code_verifier') ?? '') === code.challenge;
      log.token.push({ grantType, clientAuth, pkceVerified });
      if (!pkceVerified) return oauthError(res, 400, 'invalid_grant', 'PKCE verification failed');
      return send(res, 200, await issue(code, code.nonce));
    }
    if (grantType === 'refresh_token') {
      log.token.push({ grantType, clientAuth, pkceVerified: false });
      const grant = refresh.get(form.get('refresh_token') ?? '');
      if (!grant || state.refuseRefresh || grant.clientId !== client.clientId)
        return oauthError(res, 400, 'invalid_grant', 'refresh token not valid');
      refresh.delete(form.get('refresh_token')!);
      return send(res, 200, await issue(grant));
    }
    return oauthError(res, 400, 'unsupported_grant_type', grantType);
  };

  const authorize = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const p = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : url.searchParams;
    const client = clients.get(p.get('client_id') ?? '');
    const redirectUri = p.get('redirect_uri') ?? '';
    if (!client || client.redirectUri !== redirectUri)
      return send(res, 400, 'Unknown client or redirect URI', 'text/plain');
    const back = (params: Record<string, string>) => {
      const to = new URL(redirectUri);
      for (const [k, v] of Object.entries({ ...params, state: p.get('state') ?? '' }))
        to.searchParams.set(k, v);
      res.writeHead(302, { location: to.href }).end();
    };
    if (p.get('response_type') !== 'code') return back({ error: 'unsupported_response_type' });
    if (!p.get('state')) return back({ error: 'invalid_request', error_description: 'state required' });
    if (p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge'))
      return back({ error: 'invalid_request', error_description: 'PKCE S256 required' });
    if (p.get('aud') !== fhirBase()) return back({ error: 'invalid_request', error_description: 'aud' });
    const decision = p.get('decision');
    if (opts.approve === 'form' && !decision) {
      const hidden = [...p].map(([k, v]) => `<input type="hidden" name="${html(k)}" value="${html(v)}">`);
      const scopes = (p.get('scope') ?? '').split(' ').map((s) => `<li>${html(s)}</li>`);
      return send(
        res,
        200,
        `<!doctype html><html lang="en"><title>${html(opts.name ?? 'Riverside Health')} sign-in</title>` +
          `<h1>${html(opts.name ?? 'Riverside Health')}</h1><p>Signed in as Avery Quinn. ` +
          `Let ${html(client.clientId)} read your records?</p><ul>${scopes.join('')}</ul>` +
          `<form method="post" action="/authorize">${hidden.join('')}` +
          `<button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Deny</button></form>`,
        'text/html; charset=utf-8',
      );
    }
    if (decision === 'deny') return back({ error: 'access_denied' });
    const code = token();
    codes.set(code, {
      clientId: client.clientId,
      redirectUri,
      challenge: p.get('code_challenge')!,
      scope: p.get('scope') ?? '',
      patient: PATIENT_ID,
      nonce: p.get('nonce') ?? undefined,
      used: false,
    });
    return back({ code });
  };

  const bundleOf = (type: string, url: URL, matches: Record<string, unknown>[]) => {
    const offset = Number(url.searchParams.get('_offset') ?? 0);
    const page = matches.slice(offset, offset + pageSize);
    const next = new URL(url.href.replace(/^http:\/\/[^/]+/, origin));
    next.searchParams.set('_offset', String(offset + pageSize));
    return {
      resourceType: 'Bundle',
      type: 'searchset',
      total: matches.length,
      link: [
        { relation: 'self', url: `${fhirBase()}/${type}${url.search}` },
        ...(offset + pageSize < matches.length ? [{ relation: 'next', url: next.href }] : []),
      ],
      entry: page.map((r) => ({
        fullUrl: `${fhirBase()}/${r.resourceType}/${r.id}`,
        resource: r,
        search: { mode: 'match' },
      })),
    };
  };

  const fhir = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const path = url.pathname.slice('/fhir'.length);
    if (path === '/.well-known/smart-configuration')
      return send(res, 200, {
        issuer: fhirBase(),
        jwks_uri: `${origin}/jwks`,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        revocation_endpoint: `${origin}/revoke`,
        grant_types_supported: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_methods_supported: ['private_key_jwt', 'none'],
        token_endpoint_auth_signing_alg_values_supported: ['ES384', 'RS384', 'ES256'],
        scopes_supported: scopesSupported(),
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        capabilities: [
          'launch-standalone',
          'client-public',
          'client-confidential-asymmetric',
          'context-standalone-patient',
          'permission-offline',
          'permission-patient',
          'permission-v2',
          'sso-openid-connect',
        ],
      });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = bearer ? access.get(bearer) : undefined;
    if (!grant || grant.expiresAt <= Date.now()) {
      res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' });
      return res.end();
    }
    log.fhir.push({ path, query: url.searchParams });
    const read = /^\/(Patient|Binary)\/([^/]+)$/.exec(path);
    if (read?.[1] === 'Binary' && read[2] === 'visit-summary')
      return send(
        res,
        200,
        {
          resourceType: 'Binary',
          id: read[2],
          contentType: 'application/pdf',
          data: SUMMARY_PDF.toString('base64'),
        },
        'application/fhir+json',
      );
    if (read?.[1] === 'Patient' && read[2] === grant.patient)
      return send(
        res,
        200,
        resources.find((r) => r.resourceType === 'Patient'),
        'application/fhir+json',
      );
    const type = path.slice(1);
    if (!SEARCHES.includes(type)) return send(res, 404, { resourceType: 'OperationOutcome' });
    if (url.searchParams.get('patient') !== grant.patient)
      return send(res, 403, { resourceType: 'OperationOutcome' });
    const category = url.searchParams.get('category');
    const since = /^gt(.+)$/.exec(url.searchParams.get('_lastUpdated') ?? '')?.[1];
    const matches = resources.filter(
      (r) =>
        r.resourceType === type &&
        patientOf(r) === grant.patient &&
        (!category ||
          (r.category as { coding: { code: string }[] }[] | undefined)?.some((c) =>
            c.coding?.some((x) => x.code === category),
          )) &&
        (!since || r.meta.lastUpdated > new Date(since).toISOString()),
    );
    return send(res, 200, bundleOf(type, url, matches), 'application/fhir+json');
  };

  const testHooks = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (path === '/_test/lab-results')
      return send(res, 201, server.addLabResult(JSON.parse(await readBody(req))));
    if (path === '/_test/expire-tokens') server.expireAccessTokens();
    else if (path === '/_test/refuse-refresh') server.refuseRefresh();
    else return send(res, 404, {});
    return send(res, 204, '');
  };

  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const run = async () => {
      if (url.pathname.startsWith('/fhir/') || url.pathname === '/fhir') return fhir(req, res, url);
      if (url.pathname === '/authorize') return authorize(req, res, url);
      if (url.pathname === '/token' && req.method === 'POST') return tokenEndpoint(req, res);
      if (url.pathname === '/jwks') return send(res, 200, { keys: [publicJwk] });
      if (url.pathname === '/revoke' && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const t = form.get('token') ?? '';
        if (access.delete(t) || refresh.delete(t)) log.revoked.push(t);
        return send(res, 200, '');
      }
      if (url.pathname.startsWith('/_test/') && req.method === 'POST')
        return testHooks(req, res, url.pathname);
      return send(res, 404, 'Not found', 'text/plain');
    };
    run().catch((err) => send(res, 500, String(err), 'text/plain'));
  });
  await new Promise<void>((r) => http.listen(opts.port ?? 0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  let added = 0;
  const server = {
    origin,
    fhirBaseUrl: `${origin}/fhir`,
    log,
    /** A new lab result appears at the portal (last updated now). */
    addLabResult: (lab: LabValue) => {
      const r = {
        ...labObservation(`lab-new-${++added}`, lab),
        meta: { lastUpdated: new Date().toISOString() },
      };
      resources.push(r);
      return r;
    },
    /** Every access token given so far has expired (the refresh tokens still work). */
    expireAccessTokens: () => {
      for (const t of access.values()) t.expiresAt = 0;
    },
    /** From now on the server refuses every refresh token (and every access token has expired). */
    refuseRefresh: () => {
      state.refuseRefresh = true;
      server.expireAccessTokens();
    },
    /** Access and refresh tokens the server would still take. */
    liveTokens: () => [...access.values()].filter((t) => t.expiresAt > Date.now()).length + refresh.size,
    close: () => new Promise<void>((r) => http.close(() => r())),
  };
  return server;
};

/**
 * Run as a program for the Playwright test: `node --import tsx server/test/smart-fhir-server.ts`.
 * SMART_STUB_PORT (4010), SMART_STUB_CLIENT_ID (healthfolio-e2e, a public client),
 * SMART_STUB_REDIRECT_URI (the app's `${APP_URL}/api/v1/health-systems/callback`), SMART_STUB_APPROVE
 * (`form`, the default here, or `auto`). POST /_test/lab-results {loinc, name, value, unit} adds a result.
 */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const e = process.env;
  const s = await startSmartFhirServer({
    clients: [
      {
        clientId: e.SMART_STUB_CLIENT_ID ?? 'healthfolio-e2e',
        type: 'public',
        redirectUri: e.SMART_STUB_REDIRECT_URI ?? 'http://localhost:3000/api/v1/health-systems/callback',
      },
    ],
    approve: e.SMART_STUB_APPROVE === 'auto' ? 'auto' : 'form',
    port: Number(e.SMART_STUB_PORT ?? 4010),
  });
  process.stdout.write(`SMART on FHIR server: ${s.fhirBaseUrl}\n`);
}
