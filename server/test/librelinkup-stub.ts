import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * LibreLinkUp on loopback, as api.libreview.io answers the LibreLinkUp app (shapes from
 * nightscout-librelink-up's fixtures and libre-link-up-api-client): HTTP 200 with a `status` (0 ok,
 * 2 refused, 4 a step to take in the app, 920 a retired app version), `{redirect, region}` for an
 * account of another region, `/llu/config/country` with the regional map, and 401 for a token or
 * `Account-Id` it does not take. One process plays every region: the region is the first path segment
 * the map gives (`/eu`), and the global host is the root. The graph holds 12 hours every 15 minutes; an account may follow
 * several people (`patients`), each with their own readings.
 */
export interface LibreAccount {
  email: string;
  password: string;
  region: string;
  id: string;
  patients: number;
  /** Terms of use to accept in the app before anything else. */
  pendingTerms?: boolean;
}

/** The people an account follows, in order (a parent following two children); each a name LibreLinkUp gives. */
export const FOLLOWED = [
  ['Sam', 'Example'],
  ['Robin', 'Sample'],
] as const;
/** The n-th followed person's readings are the first one's plus n × this (mg/dL), to tell them apart. */
export const OFFSET = 100;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** `12/30/2022 4:47:40 PM` in UTC, as FactoryTimestamp is written. */
export const factoryTimestamp = (ms: number) => {
  const d = new Date(ms);
  const h = d.getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()} ${h % 12 || 12}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
};

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const startLibreLinkUpStub = async (opts: {
  regionalMap: (origin: string) => Record<string, string>;
}) => {
  const accounts: LibreAccount[] = [];
  const tokens = new Map<string, LibreAccount>();
  const requests: { region: string; method: string; path: string; headers: IncomingMessage['headers'] }[] =
    [];
  const state = { minimumVersion: '4.12.0' };
  const now = Date.now();
  /** The patient's readings: 12 hours every 15 minutes (history), and the current one with its arrow. */
  const history = Array.from({ length: 48 }, (_, i) => ({
    ms: now - 120_000 - (47 - i) * 900_000,
    value: 90 + i,
  }));
  const current = { ms: now - 60_000, value: 142, arrow: 3 };
  let origin = '';

  const item = (ms: number, value: number, arrow?: number) => ({
    FactoryTimestamp: factoryTimestamp(ms),
    Timestamp: factoryTimestamp(ms + 3_600_000), // the sensor's local time: an hour ahead here
    type: arrow === undefined ? 0 : 1,
    ValueInMgPerDl: value,
    ...(arrow !== undefined && { TrendArrow: arrow, TrendMessage: null }),
    MeasurementColor: 1,
    GlucoseUnits: 1,
    Value: value,
    isHigh: false,
    isLow: false,
  });
  const older = (a: string, b: string) => {
    const [x, y] = [a, b].map((v) => v.split('.').map(Number));
    for (let i = 0; i < 3; i++) if ((x![i] ?? 0) !== (y![i] ?? 0)) return (x![i] ?? 0) < (y![i] ?? 0);
    return false;
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const [, first, ...rest] = url.pathname.split('/');
    const region = first === 'llu' ? 'global' : (first ?? '');
    const path = first === 'llu' ? url.pathname : `/${rest.join('/')}`;
    requests.push({ region, method: req.method ?? '', path, headers: req.headers });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.product !== 'llu.android' || typeof req.headers.version !== 'string')
      return send(200, { status: 911, error: { message: 'unknown client' } });
    if (older(req.headers.version, state.minimumVersion))
      return send(200, { status: 920, data: { minimumVersion: state.minimumVersion } });

    if (req.method === 'POST' && path === '/llu/auth/login') {
      const { email, password } = JSON.parse((await readBody(req)) || '{}');
      const account = accounts.find((a) => a.email === email);
      if (!account || account.password !== password)
        return send(200, { status: 2, error: { message: 'notAuthenticated' } });
      if (account.region !== region)
        return send(200, { status: 0, data: { redirect: true, region: account.region } });
      const token = randomUUID();
      tokens.set(token, account);
      const ticket = { token, expires: Math.floor(Date.now() / 1000) + 15_552_000, duration: 15_552_000_000 };
      if (account.pendingTerms)
        return send(200, {
          status: 4,
          data: {
            step: { type: 'tou', componentName: 'tou', props: { reaccept: true } },
            user: { id: account.id, accountType: 'pat', country: 'DE', uiLanguage: 'de-DE' },
            authTicket: ticket,
          },
        });
      return send(200, {
        status: 0,
        data: { user: { id: account.id, email, country: 'DE' }, messages: { unread: 0 }, authTicket: ticket },
      });
    }
    if (req.method === 'GET' && path === '/llu/config/country') {
      const map = Object.fromEntries(
        Object.entries(opts.regionalMap(origin)).map(([r, lslApi]) => [r, { lslApi, socketHub: lslApi }]),
      );
      return send(200, { status: 0, data: { regionalMap: map } });
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const account = tokens.get(token);
    if (!account || account.region !== region || req.headers['account-id'] !== sha256(account.id)) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ message: 'InvalidCredentials' }));
    }
    const patients = Array.from({ length: account.patients }, (_, i) => ({
      id: `conn-${i}`,
      patientId: `${account.id}-patient-${i}`,
      firstName: FOLLOWED[i % FOLLOWED.length]![0],
      lastName: FOLLOWED[i % FOLLOWED.length]![1],
      glucoseMeasurement: item(current.ms, current.value + i * OFFSET, current.arrow),
    }));
    if (req.method === 'GET' && path === '/llu/connections') return send(200, { status: 0, data: patients });
    const graph = /^\/llu\/connections\/([^/]+)\/graph$/.exec(path);
    const patient = patients.find((p) => p.patientId === graph?.[1]);
    if (req.method === 'GET' && patient)
      return send(200, {
        status: 0,
        data: {
          connection: { ...patient, glucoseItem: patient.glucoseMeasurement },
          activeSensors: [],
          graphData: history.map((h) => item(h.ms, h.value + patients.indexOf(patient) * OFFSET)),
        },
      });
    send(404, { status: 404 });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    state,
    history,
    current,
    addAccount: (a: Omit<LibreAccount, 'id' | 'patients'> & { patients?: number }) => {
      const account = { id: randomUUID(), patients: 1, ...a };
      accounts.push(account);
      return account;
    },
    /** LibreLinkUp stops taking every token it gave out. */
    forgetTokens: () => tokens.clear(),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};
