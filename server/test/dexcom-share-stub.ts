import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Dexcom Share on loopback, answering as share2.dexcom.com does (pydexcom's recorded cassettes): JSON
 * strings for the account and session ids, a list of `{WT, ST, DT, Value, Trend}` newest first, and
 * errors as HTTP 500 `{Code, Message, SubCode, TypeName}`. One publisher account; readings every five
 * minutes for the last 26 hours (Share answers a day at most).
 */
export interface DexcomStubReading {
  ms: number;
  value: number;
  trend: string;
}

const APPLICATION_ID = 'd89443d2-327c-4a6f-89e5-496bbb0317db';

const fault = (res: ServerResponse, code: string, message: string) => {
  res.writeHead(500, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      Code: code,
      Message: message,
      SubCode: '<OnlineException />',
      TypeName: 'FaultException',
    }),
  );
};

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const startDexcomShareStub = async (
  account: { accountName: string; password: string },
  /** `live`: a new reading every 5 minutes while it runs (a long end-to-end run), else a fixed set. */
  opts: { live?: boolean } = {},
) => {
  const accountId = randomUUID();
  const sessions = new Set<string>();
  const readings: DexcomStubReading[] = [];
  const now = Date.now();
  for (let i = 0; i < 26 * 12; i++)
    readings.push({
      ms: now - 60_000 - i * 300_000,
      value: 100 + (i % 50),
      trend: i % 2 ? 'Flat' : 'FortyFiveUp',
    });
  const requests: { path: string; query: URLSearchParams; body: Record<string, unknown> }[] = [];
  const state = {
    mode: 'normal' as 'normal' | 'down' | 'locked',
    /** Runs before the readings are answered (something the user does while Dexcom is slow). */
    beforeRead: undefined as (() => Promise<void>) | undefined,
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const text = await readBody(req);
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    const path = url.pathname.replace('/ShareWebServices/Services/', '');
    requests.push({ path, query: url.searchParams, body });
    if (state.mode === 'down') {
      res.writeHead(503, { 'content-type': 'text/html' });
      return res.end('<html>Service Unavailable</html>');
    }
    const json = (v: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(v));
    };
    if (req.method !== 'POST') return fault(res, 'InvalidArgument', 'POST only');
    if (path === 'General/AuthenticatePublisherAccount' || path === 'General/LoginPublisherAccountById') {
      if (body.applicationId !== APPLICATION_ID) return fault(res, 'InvalidArgument', 'applicationId');
      if (state.mode === 'locked')
        return fault(res, 'SSO_AuthenticateMaxAttemptsExceeded', 'Publisher account locked');
      const who = path.endsWith('ById')
        ? body.accountId === accountId
        : body.accountName === account.accountName;
      if (!who || body.password !== account.password)
        return fault(res, 'AccountPasswordInvalid', 'Publisher account password failed');
      if (path.endsWith('ById')) {
        const sessionId = randomUUID();
        sessions.add(sessionId);
        return json(sessionId);
      }
      return json(accountId);
    }
    if (path === 'Publisher/ReadPublisherLatestGlucoseValues') {
      const sessionId = url.searchParams.get('sessionId') ?? '';
      if (!sessions.has(sessionId))
        return fault(res, 'SessionIdNotFound', `Failed to find session object. [SessionId = ${sessionId}]`);
      // Live: a reading lands as soon as its five minutes are up, so a day's window always holds 288
      // (a minute's lag would leave 287 for one minute in five).
      while (opts.live && readings[0]!.ms + 300_000 <= Date.now())
        readings.unshift({ ms: readings[0]!.ms + 300_000, value: 120, trend: 'Flat' });
      const before = state.beforeRead;
      state.beforeRead = undefined;
      await before?.();
      const minutes = Number(url.searchParams.get('minutes'));
      const maxCount = Number(url.searchParams.get('maxCount'));
      if (!(minutes >= 1 && minutes <= 1440 && maxCount >= 1 && maxCount <= 288))
        return fault(res, 'InvalidArgument', 'minutes or maxCount out of range');
      const since = Date.now() - minutes * 60_000;
      return json(
        readings
          .filter((r) => r.ms >= since)
          .sort((a, b) => b.ms - a.ms)
          .slice(0, maxCount)
          .map((r) => ({
            WT: `Date(${r.ms})`,
            ST: `Date(${r.ms})`,
            DT: `Date(${r.ms}-0400)`,
            Value: r.value,
            Trend: r.trend,
          })),
      );
    }
    fault(res, 'InvalidArgument', 'unknown path');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseUrl: `${origin}/ShareWebServices/Services`,
    accountId,
    readings,
    requests,
    state,
    /** Dexcom forgets every session (they expire after a while). */
    expireSessions: () => sessions.clear(),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};
