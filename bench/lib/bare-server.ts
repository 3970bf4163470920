/**
 * The ceiling the API is measured against, run as its own process:
 *   node --import tsx bench/lib/bare-server.ts   (BARE_DATABASE_URL or BARE_DATA_DIR, BARE_USER_ID, PORT)
 * node:http and the same driver as the app (a `pg` pool, or PGlite on the same data directory), doing
 * each endpoint's database work as one statement and answering it as JSON. No routing framework,
 * session, RLS transaction, validation or middleware. Prints `listening <port>` once ready.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  ENTRIES_PAGE,
  ENTRY_INSERT,
  GLUCOSE_AGGREGATE,
  NS_READING_INSERT,
  PROFILE_POINT_READ,
} from './bare-queries';

type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

const openDriver = async (): Promise<{ query: Query; close: () => Promise<void> }> => {
  const url = process.env.BARE_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.BARE_POOL_MAX ?? 20) });
    pool.on('error', () => {});
    return { query: async (text, params) => (await pool.query(text, params)).rows, close: () => pool.end() };
  }
  const dataDir = process.env.BARE_DATA_DIR;
  if (!dataDir) throw new Error('BARE_DATABASE_URL or BARE_DATA_DIR is required');
  // The app keeps PGlite's files in DATA_DIR/pglite (db/database.ts).
  const client = await PGlite.create({ dataDir: join(dataDir, 'pglite') });
  return {
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    close: () => client.close(),
  };
};

const readJson = async <T>(req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
};

type EntryBody = { tracker: string; occurredAt: string; notes?: string; data: unknown };
type NsDoc = { sgv: number; date: number; direction?: string; device: string };

const main = async () => {
  const { query, close } = await openDriver();
  const userId = process.env.BARE_USER_ID;
  if (!userId) throw new Error('BARE_USER_ID is required');
  const writer = (req: IncomingMessage) => (req.headers['x-bench-user'] as string | undefined) ?? userId;
  const handlers: Record<string, (req: IncomingMessage) => Promise<[number, unknown]>> = {
    'GET /profile': async () => [200, (await query(PROFILE_POINT_READ, [userId]))[0]],
    'GET /entries': async () => {
      const rows = await query(ENTRIES_PAGE, [userId]);
      return [200, { items: rows.slice(0, 50), nextCursor: rows.length > 50 ? 'more' : null }];
    },
    // The writers' lines name their user in `x-bench-user` (where the app reads a cookie or a credential).
    'POST /entries': async (req) => {
      const b = await readJson<EntryBody>(req);
      const params = [writer(req), b.tracker, b.occurredAt, b.notes ?? null, JSON.stringify(b.data)];
      return [201, (await query(ENTRY_INSERT, params))[0]];
    },
    'POST /ns-entries': async (req) => {
      const [d] = await readJson<NsDoc[]>(req);
      const params = [writer(req), `device:nightscout:${d!.device}`, new Date(d!.date), d!.sgv, d!.direction];
      await query(NS_READING_INSERT, params);
      return [200, [d]];
    },
    'GET /glucose/stats': async () => [200, (await query(GLUCOSE_AGGREGATE, [userId]))[0]],
  };
  const server = createServer(async (req, res) => {
    const handler = handlers[`${req.method} ${req.url?.split('?')[0]}`];
    try {
      if (!handler) throw new Error('no route');
      const [status, value] = await handler(req);
      const body = JSON.stringify(value);
      res.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    } catch {
      res.writeHead(503).end();
    }
  });
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    console.info(`listening ${(server.address() as AddressInfo).port}`);
  });
  // PGlite writes its files on close; the bench stops this process with SIGTERM.
  process.on('SIGTERM', () => {
    server.closeAllConnections();
    server.close();
    close().finally(() => process.exit(0));
  });
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
