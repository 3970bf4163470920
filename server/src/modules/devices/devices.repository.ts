import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { deviceConnections } from '../../db/schema';

export type ConnectionRow = typeof deviceConnections.$inferSelect;

/** Where a provider's data is kept: its glucose readings' source, and its entries' key source. */
export const glucoseSourceOf = (provider: string) => `device:${provider.toLowerCase()}`;
export const entrySourceOf = (provider: string) => `terra:${provider.toUpperCase()}`;

export const selectConnections = async (tx: Tx, userId: string) => {
  const { rows } = await tx.execute<{
    id: string;
    provider: string;
    connected_at: Date;
    last_data_at: Date | null;
    last_sync_at: Date | null;
    next_sync_at: Date | null;
    last_error: string | null;
    glucose: number;
    weight: number;
    blood_pressure: number;
  }>(sql`
    select c.id, c.provider, c.connected_at, c.last_data_at, c.last_sync_at, c.next_sync_at, c.last_error,
      (select count(*)::int from glucose_readings g
        where g.user_id = c.user_id and g.source = 'device:' || lower(c.provider)) as glucose,
      (select count(*)::int from device_entry_keys k where k.user_id = c.user_id
        and k.source = 'terra:' || upper(c.provider) and k.external_key like 'weight:%') as weight,
      (select count(*)::int from device_entry_keys k where k.user_id = c.user_id
        and k.source = 'terra:' || upper(c.provider) and k.external_key like 'bp:%') as blood_pressure
    from device_connections c where c.user_id = ${userId} order by c.connected_at`);
  return rows;
};

export const selectConnection = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(deviceConnections)
    .where(and(eq(deviceConnections.userId, userId), eq(deviceConnections.id, id)));
  return row;
};

export const deleteConnection = (tx: Tx, userId: string, id: string) =>
  tx.delete(deviceConnections).where(and(eq(deviceConnections.userId, userId), eq(deviceConnections.id, id)));

/** System scope (webhooks): Terra's user id is all the event names. */
export const findByTerraUser = async (tx: Tx, terraUserId: string) => {
  const [row] = await tx
    .select()
    .from(deviceConnections)
    .where(eq(deviceConnections.terraUserId, terraUserId));
  return row;
};

/** A Terra user already connected to someone keeps that owner: the event cannot move it. */
export const insertConnection = (tx: Tx, v: { userId: string; provider: string; terraUserId: string }) =>
  tx.insert(deviceConnections).values(v).onConflictDoNothing({ target: deviceConnections.terraUserId });

export const deleteByTerraUser = (tx: Tx, terraUserId: string) =>
  tx.delete(deviceConnections).where(eq(deviceConnections.terraUserId, terraUserId));

export const replaceTerraUser = (tx: Tx, oldId: string, newId: string) =>
  tx.update(deviceConnections).set({ terraUserId: newId }).where(eq(deviceConnections.terraUserId, oldId));

export const markData = (
  tx: Tx,
  id: string,
  r: { lastDataAt?: Date | null; synced?: boolean; error?: string | null },
) =>
  tx.execute(sql`
    update device_connections set
      last_data_at = greatest(last_data_at, ${r.lastDataAt?.toISOString() ?? null}::timestamptz),
      last_sync_at = case when ${r.synced ?? false} then now() else last_sync_at end,
      last_error = case when ${r.synced ?? false} then ${r.error ?? null} else last_error end
    where id = ${id}`);

export const claimDueConnections = async (tx: Tx, now: Date, intervalSeconds: number, limit: number) => {
  const at = now.toISOString();
  const { rows } = await tx.execute<{ id: string; user_id: string }>(sql`
    with due as (
      select id from device_connections where next_sync_at <= ${at}::timestamptz
      order by next_sync_at limit ${limit} for update skip locked
    )
    update device_connections c set next_sync_at = ${at}::timestamptz + make_interval(secs => ${intervalSeconds})
    from due where c.id = due.id
    returning c.id, c.user_id`);
  return rows;
};
