import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One indexed point read through the raw driver (PGlite's client or a pg pool). */
export type PointRead = (userId: string) => Promise<unknown>;

export const PROFILE_POINT_READ =
  'select id, user_id, user_type, display_name, glucose_unit, timezone from profiles where user_id = $1 limit 1';

/**
 * The baseline: node:http with nothing but the same driver doing the same indexed read of one
 * profiles row by user_id, answered as JSON. No routing, session, RLS transaction or middleware.
 */
export const startBareServer = async (read: PointRead, userId: string) => {
  const server: Server = createServer(async (_req, res) => {
    try {
      const row = await read(userId);
      const body = JSON.stringify(row);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    } catch {
      res.writeHead(503).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
};
