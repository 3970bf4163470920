import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { pushSubscriptions } from '../../db/schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export const selectSubscriptions = (tx: Tx, userId: string) =>
  tx
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt);

export const selectSubscription = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)));
  return row;
};

/** The same browser subscribing again (new keys, a new label) updates its row; switches stay. */
export const upsertSubscription = async (
  tx: Tx,
  values: Pick<PushSubscriptionRow, 'userId' | 'endpoint' | 'p256dh' | 'auth' | 'deviceLabel' | 'kinds'>,
) => {
  const [row] = await tx
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: [pushSubscriptions.userId, pushSubscriptions.endpoint],
      set: { p256dh: values.p256dh, auth: values.auth, deviceLabel: values.deviceLabel },
    })
    .returning({ ...getTableColumns(pushSubscriptions), inserted: sql<boolean>`(xmax = 0)` });
  const { inserted, ...subscription } = row!;
  return { row: subscription as PushSubscriptionRow, inserted };
};

export const updateSubscription = async (
  tx: Tx,
  userId: string,
  id: string,
  set: Partial<Pick<PushSubscriptionRow, 'kinds' | 'showValues' | 'deviceLabel' | 'quietHours'>>,
) => {
  const [row] = await tx
    .update(pushSubscriptions)
    .set(set)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
    .returning();
  return row;
};

export const deleteSubscription = async (tx: Tx, userId: string, id: string) =>
  (
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
      .returning({ id: pushSubscriptions.id })
  ).length > 0;

export const markDelivered = (tx: Tx, userId: string, id: string) =>
  tx
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()` })
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)));
