import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Closes the listener and cuts every open connection, as a database restart would. */
  stop: () => Promise<void>;
  /** Listens again on the same port. */
  start: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * A loopback TCP proxy in front of PostgreSQL, so a test can take "the database" away and bring it
 * back without restarting the real server that other tests share.
 */
export const startTcpProxy = async (targetHost: string, targetPort: number): Promise<TcpProxy> => {
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    // A cut connection errors on both ends; the proxy itself must not throw.
    s.on('error', () => s.destroy());
  };
  const onConnection = (client: Socket) => {
    const upstream = connect(targetPort, targetHost);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  let server: Server | undefined;
  let port = 0;
  const start = async () => {
    server = createServer(onConnection);
    const s = server;
    await new Promise<void>((done, fail) => {
      s.once('error', fail);
      s.listen(port, '127.0.0.1', () => done());
    });
    port = (s.address() as AddressInfo).port;
  };
  const stop = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (s) await new Promise<void>((done) => s.close(() => done()));
  };
  await start();
  return { port, start, stop, close: stop };
};
