import { hasCauseCode } from '../../db/error-cause';
import { recordAudit } from '../audit/audit.service';
import {
  claimDueConnections,
  deleteByTerraUser,
  findByTerraUser,
  insertConnection,
  markData,
  replaceTerraUser,
  selectConnection,
} from './devices.repository';
import { type DevicesDeps, ingestBody } from './devices.service';
import { TerraError } from './terra.client';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** PostgreSQL's foreign_key_violation, wherever drizzle put it: the referenced user does not exist. */
const isForeignKeyViolation = (err: unknown) => hasCauseCode(err, '23503');

/**
 * A verified Terra event. auth records the connection against the user named by reference_id (our
 * user id, sent with the widget session); deauth and access_revoked remove it; user_reauth moves it to
 * Terra's new user id; body data is stored. Everything else is acknowledged and not kept.
 */
export const handleTerraEvent = async (deps: Pick<DevicesDeps, 'db' | 'notifier'>, event: Obj) => {
  const { db } = deps;
  const type = str(event.type);
  const user = obj(event.user);
  const terraUserId = str(user.user_id);
  if (type === 'auth') {
    const reference = str(event.reference_id) ?? str(user.reference_id);
    const provider = str(user.provider);
    if (event.status !== 'success' || !terraUserId || !provider || !reference || !UUID.test(reference))
      return 'ignored';
    try {
      await db.asUser(reference, async (tx) => {
        await insertConnection(tx, { userId: reference, provider: provider.toUpperCase(), terraUserId });
        await recordAudit(tx, reference, 'create', 'device_connection', null, { provider });
      });
    } catch (err) {
      // No such user: nothing to connect, and a retry would not change that. Anything else is thrown,
      // so the error is logged and Terra, answered 5xx, sends the event again.
      if (isForeignKeyViolation(err)) return 'ignored';
      throw err;
    }
    return 'connected';
  }
  if (type === 'deauth' || type === 'access_revoked') {
    if (terraUserId) await db.asSystem((tx) => deleteByTerraUser(tx, terraUserId));
    return 'disconnected';
  }
  if (type === 'user_reauth') {
    const oldId = str(obj(event.old_user).user_id);
    const newId = str(obj(event.new_user).user_id);
    if (oldId && newId) await db.asSystem((tx) => replaceTerraUser(tx, oldId, newId));
    return 'reauthenticated';
  }
  if (type === 'body' && terraUserId) {
    const connection = await db.asSystem((tx) => findByTerraUser(tx, terraUserId));
    if (!connection) return 'ignored';
    await ingestBody(deps, connection.userId, connection.id, connection.provider, event.data);
    return 'stored';
  }
  return 'ignored';
};

/** Catch-up after downtime: each due connection's body data since its newest (7 days the first time). */
export const syncDueConnections = async (deps: DevicesDeps, intervalSeconds: number, now = new Date()) => {
  const { db, terra } = deps;
  if (!terra) return [];
  const claimed = await db.asSystem((tx) => claimDueConnections(tx, now, intervalSeconds, 50));
  for (const c of claimed) {
    const connection = await db.asUser(c.user_id, (tx) => selectConnection(tx, c.user_id, c.id));
    if (!connection) continue;
    const start = connection.lastDataAt
      ? new Date(connection.lastDataAt.getTime() - 3_600_000)
      : new Date(now.getTime() - 7 * 86_400_000);
    try {
      const data = await terra.body(connection.terraUserId, start, now);
      await ingestBody(deps, c.user_id, c.id, connection.provider, data);
      await db.asUser(c.user_id, (tx) => markData(tx, c.id, { synced: true, error: null }));
    } catch (err) {
      if (!(err instanceof TerraError)) throw err;
      deps.logger.info({ userId: c.user_id, code: err.code }, 'terra catch-up failed');
      await db.asUser(c.user_id, (tx) => markData(tx, c.id, { synced: true, error: err.message }));
    }
  }
  return claimed.map((c) => c.id);
};
