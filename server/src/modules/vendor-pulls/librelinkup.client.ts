import { createHash } from 'node:crypto';
import type { OutboundClient } from '../../http/outbound';
import { asVendorError, parseJson, VENDOR_MAX_BYTES, VendorError } from './vendor-error';
import type { PulledReading, PullResult, VendorCredentials } from './vendor-pull.types';

/**
 * The one place the server talks to LibreLinkUp, as the LibreLinkUp app does (the protocol of
 * nightscout-connect, nightscout-librelink-up and libre-link-up-api-client, as the service answers
 * today): `POST /llu/auth/login` with the app's `product` and a current `version`; an account of
 * another region is answered `{redirect: true, region}`, whose address comes from the service's
 * `/llu/config/country` map and is followed only to LibreLinkUp's own hosts (or an origin the operator
 * admits in OUTBOUND_ALLOW); then the Bearer token with `Account-Id` = SHA-256 hex of the user id on
 * `GET /llu/connections` (the people it follows) and `/llu/connections/{patientId}/graph` of the one
 * chosen. The answer's `status` says what went
 * wrong: 2 refused credentials, 4 a step to take in the app (new terms), 920 a retired app version,
 * 429 too many attempts.
 */

export interface LibreSession {
  baseUrl: string;
  token: string;
  /** Epoch seconds, as the auth ticket says. */
  expires: number;
  accountIdHash: string;
  patientId: string | null;
  region: string | null;
}

/** A person the account follows (LibreLinkUp calls them connections; a parent may follow several). */
export interface LibrePatient {
  patientId: string;
  firstName: string;
  lastName: string;
}

/** LibreLinkUp's own API hosts (api.libreview.io and api-<region>.libreview.io; its Russian and Chinese ones). */
const VENDOR_HOST = /(^|\.)(libreview\.io|libreview\.ru|myfreestyle\.cn)$/i;

/** FactoryTimestamp: `12/30/2022 4:47:40 PM`, in UTC (Timestamp is the sensor's local time). */
export const parseFactoryTimestamp = (v: unknown): number | null => {
  const m =
    typeof v === 'string'
      ? /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2}) ?([AP]M)$/i.exec(v.trim())
      : null;
  if (!m) return null;
  const [, month, day, year, h, min, s, ampm] = m;
  const hour = (Number(h) % 12) + (ampm!.toUpperCase() === 'PM' ? 12 : 0);
  const ms = Date.UTC(Number(year), Number(month) - 1, Number(day), hour, Number(min), Number(s));
  return Number.isNaN(ms) || Number(h) > 12 ? null : ms;
};

/** LibreLinkUp's TrendArrow 1–5 as Nightscout's arrow (0 and the history's missing arrow: none). */
export const libreTrend = (v: unknown): string | null =>
  (
    ({ 1: 'SingleDown', 2: 'FortyFiveDown', 3: 'Flat', 4: 'FortyFiveUp', 5: 'SingleUp' }) as Record<
      number,
      string
    >
  )[typeof v === 'number' ? v : -1] ?? null;

const toReading = (item: unknown): PulledReading | null => {
  if (!item || typeof item !== 'object') return null;
  const r = item as Record<string, unknown>;
  const atMs = parseFactoryTimestamp(r.FactoryTimestamp);
  const mgdl = Number(r.ValueInMgPerDl);
  if (atMs === null || !Number.isFinite(mgdl)) return null;
  return { atMs, mgdl, trend: libreTrend(r.TrendArrow) };
};

/** The service's `status` (and HTTP status) as the user's problem; null when it is a success. */
const problemOf = (http: number, body: Record<string, unknown> | undefined): VendorError | null => {
  const status = body?.status;
  if (http === 401) return new VendorError('session_expired', 'librelinkup: 401');
  if (http === 429 || status === 429) {
    const lockout = Number(
      ((body?.data as { data?: { lockout?: unknown } } | undefined)?.data?.lockout as number) ?? Number.NaN,
    );
    return new VendorError(
      'locked',
      'librelinkup: locked',
      Number.isFinite(lockout) && lockout > 0 ? lockout * 1000 : undefined,
    );
  }
  if (http >= 500) return new VendorError('unreachable', `librelinkup: HTTP ${http}`);
  if (http !== 200 || !body) return new VendorError('bad_answer', `librelinkup: HTTP ${http}`);
  if (status === 2) return new VendorError('password_refused', 'librelinkup: status 2');
  if (status === 4) return new VendorError('terms', 'librelinkup: status 4');
  if (status === 920) return new VendorError('app_version', 'librelinkup: status 920');
  if (status !== 0) return new VendorError('bad_answer', `librelinkup: status ${String(status)}`);
  return null;
};

export const createLibreLinkUpClient = (
  outbound: OutboundClient,
  opts: { baseUrl: string; version: string; allow: ReadonlySet<string> },
) => {
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json',
    'cache-control': 'no-cache',
    product: 'llu.android',
    version: opts.version,
  };

  /** The configured address, LibreLinkUp's own hosts over https, or an origin the operator admits. */
  const checkedBase = (address: unknown) => {
    let url: URL;
    try {
      url = new URL(String(address));
    } catch {
      throw new VendorError('bad_answer', 'librelinkup: region address');
    }
    const ok =
      url.origin === new URL(opts.baseUrl).origin ||
      opts.allow.has(url.origin) ||
      (url.protocol === 'https:' && VENDOR_HOST.test(url.hostname));
    if (!ok) throw new VendorError('region_refused', 'librelinkup: region address refused');
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  };

  const call = async (url: string, init: { method?: string; body?: string; auth?: LibreSession }) => {
    let res: Awaited<ReturnType<OutboundClient['request']>>;
    try {
      res = await outbound.request(url, {
        method: init.method ?? 'GET',
        headers: init.auth
          ? { ...headers, authorization: `Bearer ${init.auth.token}`, 'account-id': init.auth.accountIdHash }
          : headers,
        body: init.body,
        maxBytes: VENDOR_MAX_BYTES,
      });
    } catch (err) {
      throw asVendorError(err, 'librelinkup');
    }
    const body = parseJson(res.text) as Record<string, unknown> | undefined;
    const problem = problemOf(res.status, body && typeof body === 'object' ? body : undefined);
    if (problem) throw problem;
    return body!.data as Record<string, unknown> | unknown[] | undefined;
  };

  /** The regional address for `region`, from the service's own map of regions. */
  const regionBase = async (baseUrl: string, region: string) => {
    const data = (await call(`${baseUrl}/llu/config/country?country=DE`, {})) as
      | { regionalMap?: Record<string, { lslApi?: unknown }> }
      | undefined;
    const entry = data?.regionalMap?.[region];
    if (!entry) throw new VendorError('bad_answer', 'librelinkup: unknown region');
    return checkedBase(entry.lslApi);
  };

  const login = async (
    c: VendorCredentials,
    baseUrl = opts.baseUrl,
    redirected = false,
  ): Promise<LibreSession> => {
    const data = (await call(`${baseUrl}/llu/auth/login`, {
      method: 'POST',
      body: JSON.stringify({ email: c.accountName, password: c.password }),
    })) as Record<string, unknown> | undefined;
    if (data?.redirect === true) {
      const region = String(data.region ?? '').toLowerCase();
      if (redirected || !/^[a-z0-9]{2,5}$/.test(region))
        throw new VendorError('bad_answer', 'librelinkup: redirect');
      return login(c, await regionBase(baseUrl, region), true).then((s): LibreSession => ({ ...s, region }));
    }
    const ticket = data?.authTicket as { token?: unknown; expires?: unknown } | undefined;
    const userId = (data?.user as { id?: unknown } | undefined)?.id;
    if (typeof ticket?.token !== 'string' || typeof userId !== 'string')
      throw new VendorError('bad_answer', 'librelinkup: no auth ticket');
    const session: LibreSession = {
      baseUrl,
      token: ticket.token,
      expires: Number(ticket.expires) || 0,
      accountIdHash: createHash('sha256').update(userId).digest('hex'),
      patientId: null,
      region: c.region,
    };
    return session;
  };

  /** The people the account follows: id and name (the list also holds their readings, not kept). */
  const listConnections = async (session: LibreSession): Promise<LibrePatient[]> => {
    const list = await call(`${checkedBase(session.baseUrl)}/llu/connections`, { auth: session });
    if (!Array.isArray(list)) throw new VendorError('bad_answer', 'librelinkup: connections');
    return list.flatMap((item) => {
      const p = (item ?? {}) as Record<string, unknown>;
      if (typeof p.patientId !== 'string') return [];
      const name = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
      return [{ patientId: p.patientId, firstName: name(p.firstName), lastName: name(p.lastName) }];
    });
  };

  /** The chosen person's graph; with none chosen, the account's first (and, when chosen at connect, only) one. */
  const graph = async (session: LibreSession, chosen: string | null) => {
    const base = checkedBase(session.baseUrl);
    let patientId = chosen ?? session.patientId;
    if (!patientId) {
      const first = (await listConnections(session))[0];
      if (!first) throw new VendorError('no_connection', 'librelinkup: no connection');
      patientId = first.patientId;
    }
    const data = (await call(`${base}/llu/connections/${encodeURIComponent(patientId)}/graph`, {
      auth: session,
    })) as { connection?: { glucoseMeasurement?: unknown }; graphData?: unknown } | undefined;
    if (!data || !Array.isArray(data.graphData)) throw new VendorError('bad_answer', 'librelinkup: graph');
    const readings = [...data.graphData, data.connection?.glucoseMeasurement]
      .map(toReading)
      .filter((r): r is PulledReading => r !== null);
    return { readings, patientId };
  };

  /**
   * What the service keeps (the last 12 hours of history, and the current reading with its arrow),
   * with the session to keep: the one given while its ticket lasts, else a new sign-in; a token the
   * service no longer takes (401) is answered by signing in again once.
   */
  const pull = async (
    c: VendorCredentials,
    saved: LibreSession | null,
    chosen: string | null = null,
  ): Promise<PullResult<LibreSession>> => {
    // A new sign-in goes straight to the account's regional host and keeps the person followed.
    const signIn = async (): Promise<LibreSession> => {
      const s = await login(c, saved ? checkedBase(saved.baseUrl) : opts.baseUrl);
      return saved ? { ...s, patientId: saved.patientId } : s;
    };
    const usable = saved && saved.expires > Date.now() / 1000 + 60 ? saved : null;
    let session = usable ?? (await signIn());
    let result: Awaited<ReturnType<typeof graph>>;
    try {
      result = await graph(session, chosen);
    } catch (err) {
      if (!(err instanceof VendorError) || err.problem !== 'session_expired' || !usable) throw err;
      session = await signIn();
      result = await graph(session, chosen);
    }
    session = { ...session, patientId: result.patientId };
    return { readings: result.readings, session, region: session.region };
  };

  /** Signs in and lists who the account follows, for the user to choose; the session is kept for the pull. */
  const connections = async (c: VendorCredentials) => {
    const session = await login(c);
    return { session, patients: await listConnections(session) };
  };

  return { pull, connections };
};
export type LibreLinkUpClient = ReturnType<typeof createLibreLinkUpClient>;
