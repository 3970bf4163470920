import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 nothing listens on now (the test's or bench's own server takes it next). */
export const freePort = () =>
  new Promise<number>((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
