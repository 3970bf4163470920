import * as oidc from 'openid-client';
import {
  BlockedAddressError,
  type OutboundClient,
  OutboundError,
  parseOutboundAllow,
} from '../../http/outbound';
import { ProblemError } from '../../http/problem';

/**
 * The one client that talks to health systems' SMART on FHIR servers: the discovery document, the
 * OAuth parts through openid-client (authorize URL, code and refresh grants, revocation), and FHIR
 * reads. Every request goes through the SSRF-safe outbound client (public unicast addresses, pinned,
 * certificate checked, no redirects, a size cap); only https addresses are used, unless the origin is
 * in OUTBOUND_ALLOW (a test server on loopback).
 */

/** What a server's `.well-known/smart-configuration` says that Healthfolio uses. */
export interface SmartDiscovery {
  fhirBaseUrl: string;
  issuer?: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  revocationEndpoint?: string;
  scopesSupported?: string[];
  capabilities: string[];
  pkce: boolean;
}

/** A refusal of the address itself, in words that name the rule. */
export const NOT_HTTPS = 'This address is not https: Healthfolio reads health records only over https.';
export const PRIVATE_ADDRESS =
  'This address is a private address (inside a private network), which Healthfolio does not connect to.';
const UNREADABLE =
  'This address did not answer with a SMART on FHIR configuration (.well-known/smart-configuration).';

/** The FHIR base without a trailing slash: the same server is one address whatever way it was typed. */
export const normalBase = (url: string) => {
  const u = new URL(url.trim());
  u.hash = '';
  u.search = '';
  return u.href.replace(/\/+$/, '');
};

/** The resource types read for a patient, with the searches that read them. */
export const PATIENT_SEARCHES: { type: string; params?: Record<string, string>; payer?: true }[] = [
  { type: 'Observation', params: { category: 'laboratory' } },
  { type: 'Observation', params: { category: 'vital-signs' } },
  { type: 'Condition' },
  { type: 'AllergyIntolerance' },
  { type: 'MedicationRequest' },
  { type: 'MedicationStatement' },
  { type: 'Immunization' },
  { type: 'Procedure' },
  { type: 'Encounter' },
  { type: 'DiagnosticReport' },
  { type: 'DocumentReference' },
  { type: 'ExplanationOfBenefit', payer: true },
  { type: 'Coverage', payer: true },
];
const WANTED = new Set([...PATIENT_SEARCHES.map((s) => s.type), 'Patient']);

/**
 * The scopes to ask for, from what the server advertises: launch/patient, openid, fhirUser and
 * offline_access where offered, and read access to the patient's records: SMART v2 `patient/*.rs`,
 * else v1 `patient/*.read`, else the advertised per-type scopes of the types Healthfolio reads.
 */
export const scopesFor = (d: Pick<SmartDiscovery, 'scopesSupported' | 'capabilities'>) => {
  const base = ['launch/patient', 'openid', 'fhirUser', 'offline_access'];
  const offered = d.scopesSupported;
  if (!offered?.length)
    return [...base, d.capabilities.includes('permission-v2') ? 'patient/*.rs' : 'patient/*.read'];
  const wanted = base.filter((s) => offered.includes(s));
  if (offered.includes('patient/*.rs')) return [...wanted, 'patient/*.rs'];
  if (offered.includes('patient/*.read')) return [...wanted, 'patient/*.read'];
  const perType = (suffix: string) =>
    offered.filter((s) => s.endsWith(suffix) && WANTED.has(s.slice('patient/'.length, -suffix.length)));
  const v2 = perType('.rs');
  return [...wanted, ...(v2.length ? v2 : perType('.read'))];
};

export interface SmartClientConfig {
  outbound: OutboundClient;
  /** OUTBOUND_ALLOW: origins that may be http (and private). */
  outboundAllow: string;
}

/** The size caps: a discovery or token answer, one search page, one attached file. */
export const SMART_LIMITS = {
  smallBytes: 256 * 1024,
  pageBytes: 8 * 1024 * 1024,
  fileBytes: 30 * 1024 * 1024,
};

export const createSmartClient = ({ outbound, outboundAllow }: SmartClientConfig) => {
  const allow = parseOutboundAllow(outboundAllow);
  const allowed = (url: string) => allow.has(new URL(url).origin);

  /** Refuses an address that is not https (unless allowed) or that points into a private network. */
  const checkAddress = async (url: string) => {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      throw new ProblemError(400, 'validation_failed', 'Enter a web address starting with https://');
    }
    if (u.protocol !== 'https:' && !(u.protocol === 'http:' && allowed(u.href)))
      throw new ProblemError(422, 'not_https', NOT_HTTPS);
    try {
      await outbound.check(u.href);
    } catch (err) {
      if (err instanceof BlockedAddressError) throw new ProblemError(422, 'private_address', PRIVATE_ADDRESS);
      throw new ProblemError(422, 'unreachable', (err as Error).message);
    }
  };

  /** Reads and checks the server's SMART configuration (every address in it obeys the same rules). */
  const discover = async (fhirBaseUrl: string): Promise<SmartDiscovery> => {
    const base = normalBase(fhirBaseUrl);
    await checkAddress(base);
    let json: Record<string, unknown>;
    try {
      const res = await outbound.request(`${base}/.well-known/smart-configuration`, {
        headers: { accept: 'application/json' },
        maxBytes: SMART_LIMITS.smallBytes,
      });
      if (res.status !== 200) throw new Error(String(res.status));
      json = JSON.parse(res.text);
    } catch (err) {
      if (err instanceof BlockedAddressError) throw new ProblemError(422, 'private_address', PRIVATE_ADDRESS);
      if (err instanceof OutboundError && err.code !== 'redirect')
        throw new ProblemError(422, 'unreachable', err.message);
      throw new ProblemError(422, 'not_smart', UNREADABLE);
    }
    const str = (k: string) => (typeof json[k] === 'string' ? (json[k] as string) : undefined);
    const list = (k: string) =>
      Array.isArray(json[k])
        ? ((json[k] as unknown[]).filter((s) => typeof s === 'string') as string[])
        : undefined;
    const authorizationEndpoint = str('authorization_endpoint');
    const tokenEndpoint = str('token_endpoint');
    if (!authorizationEndpoint || !tokenEndpoint) throw new ProblemError(422, 'not_smart', UNREADABLE);
    for (const u of [authorizationEndpoint, tokenEndpoint, str('revocation_endpoint')])
      if (u) await checkAddress(u);
    return {
      fhirBaseUrl: base,
      issuer: str('issuer'),
      authorizationEndpoint,
      tokenEndpoint,
      revocationEndpoint: str('revocation_endpoint'),
      scopesSupported: list('scopes_supported'),
      capabilities: list('capabilities') ?? [],
      pkce: (list('code_challenge_methods_supported') ?? []).includes('S256'),
    };
  };

  /** openid-client's view of the server, its requests through the outbound client. */
  const oauthConfig = (
    d: Pick<
      SmartDiscovery,
      'fhirBaseUrl' | 'issuer' | 'authorizationEndpoint' | 'tokenEndpoint' | 'revocationEndpoint'
    >,
    clientId: string,
    auth: oidc.ClientAuth,
  ) => {
    const config = new oidc.Configuration(
      {
        issuer: d.issuer ?? d.fhirBaseUrl,
        authorization_endpoint: d.authorizationEndpoint,
        token_endpoint: d.tokenEndpoint,
        revocation_endpoint: d.revocationEndpoint,
        code_challenge_methods_supported: ['S256'],
      },
      clientId,
      undefined,
      auth,
    );
    config[oidc.customFetch] = async (url, options) => {
      const headers = Object.fromEntries(
        new Headers(options.headers as ConstructorParameters<typeof Headers>[0]),
      );
      const res = await outbound.request(url, {
        method: options.method,
        headers,
        body: options.body === undefined || options.body === null ? undefined : String(options.body),
        maxBytes: SMART_LIMITS.smallBytes,
      });
      return new Response(res.status === 204 ? null : res.text, { status: res.status, headers: res.headers });
    };
    if ([d.authorizationEndpoint, d.tokenEndpoint].some((u) => u.startsWith('http:') && allowed(u)))
      oidc.allowInsecureRequests(config);
    return config;
  };

  /** A FHIR read with the access token: the parsed JSON, or the HTTP status when it was not 200. */
  const fhirGet = async (url: string, accessToken: string, maxBytes = SMART_LIMITS.pageBytes) => {
    await checkAddress(url);
    const res = await outbound.request(url, {
      headers: { accept: 'application/fhir+json', authorization: `Bearer ${accessToken}` },
      maxBytes,
    });
    if (res.status !== 200) return { status: res.status, body: null };
    return { status: 200, body: JSON.parse(res.text) as Record<string, unknown> };
  };

  return { checkAddress, discover, oauthConfig, fhirGet, allowed };
};
export type SmartClient = ReturnType<typeof createSmartClient>;
