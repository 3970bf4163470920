import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { AppDeps } from '../../app-deps';
import { ipBucket, resolveClientIp } from '../../http/client-ip';
import { echo, statusDoc } from './ns-api.routes';
import { storeDeviceStatus, storeProfiles } from './ns-collections.service';
import {
  authenticateUpload,
  credentialForToken,
  isCredentialSlug,
  presentedSecret,
} from './ns-credentials.service';
import { attachFollowerSocket } from './ns-follower-socket';
import { nsPerIpLimiter } from './ns-http';
import { treatmentDocs } from './ns-payload';
import { announceNsData } from './ns-socket-data';
import { deleteTreatment, storeEntries, storeTreatments, type Uploader } from './ns-upload.service';

/**
 * AndroidAPS' NSClient (v1) speaks Nightscout's socket.io protocol (lib/server/websocket.js): it
 * connects to the site's address, so `https://host/ns/{slug}` is the socket.io NAMESPACE `/ns/{slug}`
 * at the default path `/socket.io`, then `authorize`s with the SHA-1 of the secret and uploads with
 * `dbAdd` / `dbUpdate` / `dbRemove`, each acknowledged as Nightscout acknowledges it. Followers
 * connect to the site's root (the default namespace) and read: ns-follower-socket.ts.
 */

/** One message: AndroidAPS sends one document per `dbAdd`; a profile store is the largest (~50 KB). */
export const NS_SOCKET_MAX_MESSAGE_BYTES = 1024 * 1024;
/** A connection that has not authorized by then is closed. */
export const NS_SOCKET_AUTHORIZE_WITHIN_MS = 30_000;
/** Namespaces one connection may ask for: AndroidAPS opens one (a new connection when it reconnects). */
export const NS_SOCKET_MAX_NAMESPACES = 4;

/** A credential's slug is 16 characters; no other name is even looked up. */
const NAMESPACE = /^\/ns\/[A-Za-z0-9_-]{16}$/;
/** Nightscout's `supportedCollections`; entries and treatments are kept, the rest acknowledged only. */
const COLLECTIONS = new Set(['treatments', 'entries', 'devicestatus', 'profile', 'food', 'activity']);
const NO_ACCESS = { read: false, write: false, write_treatment: false };
const FULL_ACCESS = { read: true, write: true, write_treatment: true };

type Ack = ((answer: unknown) => void) | undefined;
type Fields = Record<string, unknown>;
interface Presented {
  secret?: string;
  token?: string;
}

const fields = (v: unknown): Fields => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Fields) : {});
const text = (v: unknown) => (typeof v === 'string' && v !== '' && v.length <= 1024 ? v : undefined);
/** Which part of an uploaded treatment a bolus or a carbs document is. */
const partOf = (doc: Fields) =>
  doc.insulin != null && doc.carbs == null
    ? 'insulin'
    : doc.carbs != null && doc.insulin == null
      ? 'meal'
      : undefined;
const reply = (ack: unknown, answer: unknown) => {
  if (typeof ack === 'function') (ack as (a: unknown) => void)(answer);
};
const TOO_MANY = { result: 'Too many requests' };

export const attachNsSocket = (httpServer: HttpServer, deps: AppDeps) => {
  const { db, notifier, config, logger, bus } = deps;
  const perIp = nsPerIpLimiter(deps.limiter);
  /** The budget's key: the client's address, IPv6 by /64 (as every public door counts). */
  const ipOf = (req: IncomingMessage) =>
    ipBucket(
      resolveClientIp(
        req.socket.remoteAddress,
        req.headers['x-forwarded-for']?.toString(),
        config.trustProxy,
      ),
    );
  const withinBudget = (req: IncomingMessage) =>
    perIp.consume(ipOf(req)).then(
      () => true,
      () => false,
    );

  const io = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // Older AndroidAPS builds ship socket.io-client-java 1.x (Engine.IO 3); current ones 2.x (EIO 4).
    allowEIO3: true,
    transports: ['polling', 'websocket'],
    maxHttpBufferSize: NS_SOCKET_MAX_MESSAGE_BYTES,
    // A refused or left namespace is forgotten (socket.io keeps every child namespace otherwise).
    cleanupEmptyChildNamespaces: true,
    // Every new connection draws on the Nightscout per-IP budget (a refused one answers 403).
    allowRequest: (req, done) => {
      void withinBudget(req).then((ok) => done(ok ? null : 'Too many requests', ok));
    },
  });
  // The default namespace is the followers' (read-only, ns-follower-socket.ts); each draws on the budget.
  const followers = io.of('/');
  followers.use((socket, next) => {
    void withinBudget(socket.request).then((ok) => next(ok ? undefined : new Error('Too many requests')));
  });
  attachFollowerSocket(followers, deps, (s) => withinBudget(s.request), NS_SOCKET_AUTHORIZE_WITHIN_MS);

  const authenticate = (slug: string, p: Presented) => {
    if (p.secret) return authenticateUpload(db, slug, presentedSecret({ apiSecret: p.secret }));
    if (p.token) return credentialForToken(db, config.sessionSecret, p.token, slug);
    return Promise.resolve(null);
  };

  /**
   * A connection may ask for NS_SOCKET_MAX_NAMESPACES namespaces; one more and it is closed (a flood
   * over one connection would otherwise be free). Each of them draws on the budget, then its slug must
   * be a credential's: a refused namespace answers connect_error and is freed.
   */
  const asked = new WeakMap<object, number>();
  const uploaders = io.of(NAMESPACE);
  uploaders.use((socket, next) => {
    const count = (asked.get(socket.client) ?? 0) + 1;
    asked.set(socket.client, count);
    if (count > NS_SOCKET_MAX_NAMESPACES) {
      next(new Error('Too many namespaces'));
      if (count === NS_SOCKET_MAX_NAMESPACES + 1) setImmediate(() => socket.conn.close());
      return;
    }
    void (async () => {
      if (!(await withinBudget(socket.request))) return next(new Error('Too many requests'));
      const known = await isCredentialSlug(db, socket.nsp.name.slice('/ns/'.length));
      next(known ? undefined : new Error('Not found'));
    })().catch((err: unknown) => {
      logger.warn({ err: { name: (err as Error)?.name } }, 'nightscout socket namespace check failed');
      next(new Error('Not available'));
    });
  });

  uploaders.on('connection', (socket: Socket) => {
    const slug = socket.nsp.name.slice('/ns/'.length);
    let presented: Presented | null = null;
    const unauthorized = setTimeout(() => {
      if (!presented) socket.disconnect(true);
    }, NS_SOCKET_AUTHORIZE_WITHIN_MS);
    socket.on('disconnect', () => clearTimeout(unauthorized));

    /**
     * Runs one event once the per-IP budget allows it (each event draws on it, as each REST request
     * does); only its name and a count are logged, never the secret, values or address.
     */
    const run = (event: string, ack: Ack, onError: unknown, work: () => Promise<unknown>) => {
      const charged = async () => {
        if (await withinBudget(socket.request)) return work();
        if (event !== 'authorize') return TOO_MANY;
        presented = null;
        setImmediate(() => socket.disconnect(true));
        return NO_ACCESS;
      };
      charged().then(
        (answer) => {
          reply(ack, answer);
          logger.debug(
            { event, count: Array.isArray(answer) ? answer.length : undefined },
            'nightscout socket',
          );
        },
        (err: unknown) => {
          logger.warn({ event, err: { name: (err as Error)?.name } }, 'nightscout socket event failed');
          reply(ack, onError);
        },
      );
    };

    /** Nightscout's checkConditions, with the credential checked again so a revoked one fails at once. */
    const writable = async (message: unknown, needsId: boolean) => {
      const m = fields(message);
      const collection = typeof m.collection === 'string' ? m.collection : '';
      if (!COLLECTIONS.has(collection)) return { refused: { result: 'Wrong collection' } };
      const auth = presented ? await authenticate(slug, presented) : null;
      if (!auth) {
        presented = null;
        setImmediate(() => socket.disconnect(true));
        return { refused: { result: 'Not authorized' } };
      }
      const id = text(m._id);
      if (needsId && !id) return { refused: { result: 'Missing _id' } };
      return { auth, collection, id: id ?? '', data: m.data };
    };

    socket.on('authorize', (message: unknown, ack: Ack) =>
      run('authorize', ack, NO_ACCESS, async () => {
        const m = fields(message);
        const candidate = { secret: text(m.secret), token: text(m.token) };
        const auth = await authenticate(slug, candidate);
        if (!auth) {
          presented = null;
          setImmediate(() => socket.disconnect(true));
          return NO_ACCESS;
        }
        presented = candidate;
        socket.emit('connected');
        // After the answer (AndroidAPS uploads its queue once authorized and sent data): the status
        // only, no readings back; Healthfolio is where AndroidAPS uploads, not where it reads from.
        setImmediate(() =>
          socket.emit('dataUpdate', {
            ...(m.status ? { status: statusDoc() } : { delta: true }),
            lastUpdated: Date.now(),
          }),
        );
        return FULL_ACCESS;
      }),
    );

    /** Stores one `dbAdd`'s document and answers what Nightscout answers for it. */
    const add = async (w: { auth: Uploader; collection: string; data: unknown }) => {
      if (w.collection === 'entries') return (await storeEntries(db, notifier, w.auth.userId, w.data)).docs;
      if (w.collection === 'treatments') {
        await storeTreatments(db, w.auth, w.data);
        return treatmentDocs(w.data);
      }
      if (w.collection === 'devicestatus')
        return (await storeDeviceStatus(db, w.auth.userId, w.data)).rows.map((r) => ({
          ...r.doc,
          _id: r.identifier,
        }));
      if (w.collection === 'profile')
        return (await storeProfiles(db, w.auth.userId, w.data)).rows.map((r) => ({
          ...r.doc,
          _id: r.identifier,
        }));
      return echo(w.data);
    };

    socket.on('dbAdd', (message: unknown, ack: Ack) =>
      run('dbAdd', ack, [], async () => {
        const w = await writable(message, false);
        if ('refused' in w) return w.refused;
        const answer = await add(w);
        // Stored: the followers' sockets send the change.
        announceNsData(bus, w.auth.userId);
        return answer;
      }),
    );

    /** An update is acknowledged and not applied (as API v3's PATCH), but AndroidAPS "deletes" a
     * treatment by updating it with `isValid: false`: that removes what this credential uploaded. */
    const update = (event: string) => (message: unknown, ack: Ack) =>
      run(event, ack, { result: 'Error' }, async () => {
        const w = await writable(message, true);
        if ('refused' in w) return w.refused;
        const data = fields(w.data);
        if (w.collection === 'treatments' && data.isValid === false) {
          await deleteTreatment(db, w.auth, w.id, partOf(data));
          announceNsData(bus, w.auth.userId);
        }
        return { result: 'success' };
      });
    socket.on('dbUpdate', update('dbUpdate'));
    socket.on('dbUpdateUnset', update('dbUpdateUnset'));

    socket.on('dbRemove', (message: unknown, ack: Ack) =>
      run('dbRemove', ack, { result: 'Error' }, async () => {
        const w = await writable(message, true);
        if ('refused' in w) return w.refused;
        if (w.collection === 'treatments') {
          await deleteTreatment(db, w.auth, w.id);
          announceNsData(bus, w.auth.userId);
        }
        return { result: 'success' };
      }),
    );

    // Nightscout answers these; Healthfolio has no history to replay and raises no alarms.
    socket.on('loadRetro', (_message: unknown, ack: Ack) =>
      run('loadRetro', ack, { result: 'Error' }, async () => ({ result: 'success' })),
    );
  });

  return {
    io,
    /** Ends every socket (they would hold the HTTP server's close open); the server is closed apart. */
    close: () => {
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
};
