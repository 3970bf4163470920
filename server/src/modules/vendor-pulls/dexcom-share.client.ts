import type { DexcomRegion } from '@healthfolio/core';
import type { OutboundClient } from '../../http/outbound';
import { NS_DIRECTIONS } from '../nightscout/ns-payload';
import { asVendorError, parseJson, VENDOR_MAX_BYTES, VendorError } from './vendor-error';
import type { PulledReading, PullResult, VendorCredentials } from './vendor-pull.types';

/**
 * The one place the server talks to Dexcom Share, as the Dexcom app's followers do (the protocol of
 * share2nightscout-bridge, nightscout-connect and pydexcom): AuthenticatePublisherAccount gives the
 * account id, LoginPublisherAccountById a session id, ReadPublisherLatestGlucoseValues the readings of
 * the last `minutes` (at most 1,440: Share keeps a day), newest first. Errors come back as HTTP 500
 * with `{Code, Message}`; an expired session is `SessionIdNotFound`/`SessionNotValid`, answered by
 * signing in again once. Requests go through the outbound client (time limit, size cap, no redirects).
 */

/** The Share application ids the Dexcom apps send (pydexcom's constants). */
const APPLICATION_IDS: Record<DexcomRegion, string> = {
  us: 'd89443d2-327c-4a6f-89e5-496bbb0317db',
  ous: 'd89443d2-327c-4a6f-89e5-496bbb0317db',
  jp: 'd8665ade-9673-4e27-9ff6-92db4ce13d13',
};
export const SHARE_MAX_MINUTES = 1440;
export const SHARE_MAX_COUNT = 288;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DexcomSession {
  accountId: string;
  sessionId: string;
}

/** Dexcom's error codes as the user's problem; anything else is the service misbehaving. */
const problemOf = (status: number, body: unknown): VendorError => {
  const { Code: code, Message: message } = (body ?? {}) as { Code?: unknown; Message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (code === 'SessionIdNotFound' || code === 'SessionNotValid')
    return new VendorError('session_expired', 'dexcom: session expired');
  if (
    code === 'AccountPasswordInvalid' ||
    code === 'SSO_AuthenticatePasswordInvalid' ||
    code === 'SSO_AuthenticateAccountNotFound' ||
    (code === 'SSO_InternalError' && /Cannot Authenticate/i.test(text)) ||
    (code === 'InvalidArgument' && /accountName|password/i.test(text))
  )
    return new VendorError('password_refused', `dexcom: ${String(code)}`);
  if (code === 'SSO_AuthenticateMaxAttemptsExceeded' || status === 429)
    return new VendorError('locked', `dexcom: ${String(code ?? status)}`);
  if (status >= 500 && typeof code !== 'string')
    return new VendorError('unreachable', `dexcom: HTTP ${status}`);
  return new VendorError('bad_answer', `dexcom: HTTP ${status} ${typeof code === 'string' ? code : ''}`);
};

/** `Date(1745081013817)`, `/Date(1426292039000)/` or with an offset (`Date(1745081013817-0400)`): epoch ms. */
export const parseDexcomDate = (v: unknown): number | null => {
  const m = typeof v === 'string' ? /Date\((\d+)(?:[+-]\d{4})?\)/.exec(v) : null;
  return m ? Number(m[1]) : null;
};

/** Share's trend, a word now (`Flat`, `DoubleUp`…) and a number 0–9 before, as Nightscout's arrow. */
export const dexcomTrend = (v: unknown): string | null => {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 1 && v <= 9 ? NS_DIRECTIONS[v]! : null;
  if (typeof v !== 'string') return null;
  const key = v.replace(/\s+/g, '').toLowerCase();
  const found = NS_DIRECTIONS.find((d) => d.replace(/\s+/g, '').toLowerCase() === key);
  return found && found !== 'NONE' ? found : null;
};

const toReading = (d: unknown): PulledReading | null => {
  if (!d || typeof d !== 'object') return null;
  const r = d as Record<string, unknown>;
  const atMs = parseDexcomDate(r.WT) ?? parseDexcomDate(r.ST) ?? parseDexcomDate(r.DT);
  const mgdl = typeof r.Value === 'number' ? r.Value : Number(r.Value);
  if (atMs === null || !Number.isFinite(mgdl)) return null;
  return { atMs, mgdl, trend: dexcomTrend(r.Trend) };
};

export const createDexcomShareClient = (outbound: OutboundClient, urls: Record<DexcomRegion, string>) => {
  const post = async (region: DexcomRegion, path: string, body: object, query?: Record<string, string>) => {
    const url = new URL(`${urls[region]}/${path}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    let res: Awaited<ReturnType<OutboundClient['request']>>;
    try {
      res = await outbound.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        maxBytes: VENDOR_MAX_BYTES,
      });
    } catch (err) {
      throw asVendorError(err, 'dexcom');
    }
    const json = parseJson(res.text);
    if (res.status !== 200) throw problemOf(res.status, json);
    return json;
  };

  const uuidOrRefused = (v: unknown, what: string) => {
    if (typeof v !== 'string' || !UUID.test(v)) throw new VendorError('bad_answer', `dexcom: ${what}`);
    if (v === NIL_UUID) throw new VendorError('password_refused', `dexcom: nil ${what}`);
    return v;
  };

  const login = async (region: DexcomRegion, c: VendorCredentials, known?: string) => {
    const applicationId = APPLICATION_IDS[region];
    const accountId =
      known ??
      uuidOrRefused(
        await post(region, 'General/AuthenticatePublisherAccount', {
          accountName: c.accountName,
          password: c.password,
          applicationId,
        }),
        'account id',
      );
    const sessionId = uuidOrRefused(
      await post(region, 'General/LoginPublisherAccountById', {
        accountId,
        password: c.password,
        applicationId,
      }),
      'session id',
    );
    return { accountId, sessionId };
  };

  const read = async (region: DexcomRegion, session: DexcomSession, minutes: number) => {
    const body = await post(
      region,
      'Publisher/ReadPublisherLatestGlucoseValues',
      {},
      {
        sessionId: session.sessionId,
        minutes: String(minutes),
        maxCount: String(Math.min(SHARE_MAX_COUNT, Math.ceil(minutes / 5) + 1)),
      },
    );
    if (!Array.isArray(body)) throw new VendorError('bad_answer', 'dexcom: readings are not a list');
    return body.map(toReading).filter((r): r is PulledReading => r !== null);
  };

  /**
   * The readings since `sinceMs` (a day at most), with the session to keep for next time: the one
   * given when it still works, else a new one (one sign-in, then one more read).
   */
  const pull = async (
    c: VendorCredentials,
    saved: DexcomSession | null,
    sinceMs: number,
  ): Promise<PullResult<DexcomSession>> => {
    const region = c.region as DexcomRegion;
    if (!Object.hasOwn(urls, region)) throw new VendorError('bad_answer', 'dexcom: unknown region');
    const minutes = Math.max(5, Math.min(SHARE_MAX_MINUTES, Math.ceil((Date.now() - sinceMs) / 60_000)));
    let session = saved ?? (await login(region, c));
    try {
      return { readings: await read(region, session, minutes), session, region };
    } catch (err) {
      if (!(err instanceof VendorError) || err.problem !== 'session_expired' || !saved) throw err;
    }
    session = await login(region, c, session.accountId);
    const readings = await read(region, session, minutes);
    return { readings, session, region };
  };

  return { pull };
};
export type DexcomShareClient = ReturnType<typeof createDexcomShareClient>;
