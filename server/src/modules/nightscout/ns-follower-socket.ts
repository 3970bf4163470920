import type { Namespace, Socket } from 'socket.io';
import type { AppDeps } from '../../app-deps';
import { NS_DATA_CHANGED } from '../../realtime/bus';
import { type NsAuth, resolveNsAuth } from './ns-auth';
import { personSettings, pluginDocs, statusDoc } from './ns-follow.service';
import { deltaOf, historyHours, type SocketData, socketData } from './ns-socket-data';

/**
 * The follower side of Nightscout's socket.io interface (lib/server/websocket.js), at the site's root
 * (the default namespace `/`), as the Nightscout web client, watch faces and follower apps use it:
 * `authorize` with the SHA-1 of a secret (`secret`) or a token (`token`: a follower token or a JWT),
 * then a `dataUpdate` with the last `history` hours and, after each upload, one with what changed.
 * It only reads: `dbAdd`, `dbUpdate`, `dbRemove` answer "Not permitted" (uploads go to `/ns/{slug}`).
 */

type Ack = ((answer: unknown) => void) | undefined;
type Fields = Record<string, unknown>;

const READ_ONLY = { read: true, write: false, write_treatment: false };
const NO_ACCESS = { read: false, write: false, write_treatment: false };
const H = 3600_000;
const fields = (v: unknown): Fields => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Fields) : {});
const text = (v: unknown) => (typeof v === 'string' && v !== '' && v.length <= 1024 ? v : undefined);
const reply = (ack: unknown, answer: unknown) => {
  if (typeof ack === 'function') (ack as (a: unknown) => void)(answer);
};

/** The status websocket.js sends: status.json's, with `activeProfile` when a profile switch is in force. */
const statusWithProfile = async (db: AppDeps['db'], userId: string) => {
  const { active } = await pluginDocs(db, userId, Date.now());
  const status: Fields = statusDoc(await personSettings(db, userId));
  if (active) status.activeProfile = active.profile;
  return status;
};

export const attachFollowerSocket = (
  followers: Namespace,
  deps: AppDeps,
  withinBudget: (socket: Socket) => Promise<boolean>,
  authorizeWithinMs: number,
) => {
  const { db, bus, logger, config } = deps;

  followers.on('connection', (socket: Socket) => {
    let presented: { token?: string; apiSecret?: string } | null = null;
    let auth: NsAuth | null = null;
    let hours = 48;
    let last: SocketData | null = null;
    let unsubscribe: (() => void) | null = null;
    let busy: Promise<void> = Promise.resolve();
    let pending = false;

    const unauthorized = setTimeout(() => {
      if (!auth) socket.disconnect(true);
    }, authorizeWithinMs);
    const stop = () => {
      clearTimeout(unauthorized);
      unsubscribe?.();
      unsubscribe = null;
    };
    socket.on('disconnect', stop);
    const refuse = () => {
      auth = null;
      presented = null;
      stop();
      setImmediate(() => socket.disconnect(true));
    };

    /**
     * After an upload: the credential is checked again (a revoked follower is disconnected), then the
     * data read again and only the difference sent. Uploads that come while one runs make one more.
     */
    const update = () => {
      if (pending) return;
      pending = true;
      busy = busy.then(async () => {
        pending = false;
        if (!auth || !presented || !last || socket.disconnected) return;
        try {
          const still = await resolveNsAuth(db, config.sessionSecret, null, presented);
          if (!still || still.userId !== auth.userId) return refuse();
          const now = await socketData(db, auth.userId, hours);
          const delta = deltaOf(last, now, now.lastUpdated - hours * H);
          last = now;
          // A profile switch changes which profile is active: the status comes along (as emitData).
          const switched = (delta?.treatments as Fields[] | undefined)?.some(
            (t) => t.eventType === 'Profile Switch' || t.action === 'remove',
          );
          if (delta && switched) delta.status = await statusWithProfile(db, auth.userId);
          if (delta) socket.compress(true).emit('dataUpdate', delta);
        } catch (err) {
          logger.warn({ err: { name: (err as Error)?.name } }, 'nightscout follower update failed');
        }
      });
    };

    socket.on('authorize', (message: unknown, ack: Ack) => {
      void (async () => {
        if (!(await withinBudget(socket))) return refuse();
        const m = fields(message);
        const candidate = { token: text(m.token), apiSecret: text(m.secret) };
        const found =
          candidate.token || candidate.apiSecret
            ? await resolveNsAuth(db, config.sessionSecret, null, candidate)
            : null;
        if (!found) {
          reply(ack, NO_ACCESS);
          return refuse();
        }
        clearTimeout(unauthorized);
        if (auth?.userId !== found.userId) {
          unsubscribe?.();
          unsubscribe = await bus.subscribe(found.userId, {
            onMessage: (msg) => {
              if (msg.event === NS_DATA_CHANGED) update();
            },
            onResync: update,
          });
          if (socket.disconnected) return stop();
        }
        auth = found;
        presented = candidate;
        hours = historyHours(m.history);
        socket.emit('connected');
        const data = await socketData(db, found.userId, hours);
        last = data;
        const first: Fields = { ...data };
        if (m.status) first.status = await statusWithProfile(db, found.userId);
        socket.compress(true).emit('dataUpdate', first);
        reply(ack, READ_ONLY);
        logger.debug({ event: 'authorize', count: data.sgvs.length }, 'nightscout follower socket');
      })().catch((err: unknown) => {
        logger.warn({ err: { name: (err as Error)?.name } }, 'nightscout follower authorize failed');
        reply(ack, NO_ACCESS);
        refuse();
      });
    });

    const notPermitted = (_message: unknown, ack: Ack) =>
      reply(ack, auth ? { result: 'Not permitted' } : { result: 'Not authorized' });
    for (const event of ['dbAdd', 'dbUpdate', 'dbUpdateUnset', 'dbRemove']) socket.on(event, notPermitted);

    socket.on('loadRetro', (_message: unknown, ack: Ack) => {
      reply(ack, { result: 'success' });
      if (last) socket.compress(true).emit('retroUpdate', { devicestatus: last.devicestatus });
    });
    socket.on('nsping', (_message: unknown, ack: Ack) =>
      reply(ack, { result: 'pong', mills: Date.now(), authorization: auth ? READ_ONLY : null }),
    );
  });
};
