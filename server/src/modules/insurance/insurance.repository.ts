import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import {
  billPayments,
  insuranceBills,
  insuranceClaims,
  insurancePlans,
  insuranceSettings,
} from '../../db/schema';

export type PlanRow = typeof insurancePlans.$inferSelect;
export type ClaimRow = typeof insuranceClaims.$inferSelect;
export type BillRow = typeof insuranceBills.$inferSelect;
export type PaymentRow = typeof billPayments.$inferSelect;
export type SettingsRow = typeof insuranceSettings.$inferSelect;
type Values<T extends { $inferInsert: object }> = Omit<
  T['$inferInsert'],
  'id' | 'userId' | 'createdAt' | 'updatedAt'
>;
export type PlanValues = Values<typeof insurancePlans>;
export type ClaimValues = Values<typeof insuranceClaims>;
export type BillValues = Values<typeof insuranceBills>;

/** Lists are bounded (DESIGN §4); a person's plans, claims and bills stay far below it. */
const LIST_LIMIT = 1000;

// ---- plans ----
const ownPlan = (userId: string, id: string) =>
  and(eq(insurancePlans.userId, userId), eq(insurancePlans.id, id));
export const selectPlans = (tx: Tx, userId: string) =>
  tx
    .select()
    .from(insurancePlans)
    .where(eq(insurancePlans.userId, userId))
    .orderBy(asc(insurancePlans.createdAt))
    .limit(LIST_LIMIT);
export const selectPlan = async (tx: Tx, userId: string, id: string) =>
  (await tx.select().from(insurancePlans).where(ownPlan(userId, id)))[0];
/** Another active primary plan of the user than `exceptId` (locked, so two saves cannot both pass). */
export const selectActivePrimary = async (tx: Tx, userId: string, exceptId?: string) => {
  const rows = await tx
    .select({ id: insurancePlans.id, name: insurancePlans.name })
    .from(insurancePlans)
    .where(
      and(
        eq(insurancePlans.userId, userId),
        eq(insurancePlans.type, 'primary'),
        eq(insurancePlans.status, 'active'),
      ),
    )
    .for('update');
  return rows.find((r) => r.id !== exceptId);
};
export const insertPlan = async (tx: Tx, userId: string, values: PlanValues) =>
  (
    await tx
      .insert(insurancePlans)
      .values({ ...values, userId })
      .returning()
  )[0]!;
export const updatePlanRow = async (tx: Tx, userId: string, id: string, set: Partial<PlanValues>) =>
  (
    await tx
      .update(insurancePlans)
      .set({ ...set, updatedAt: sql`now()` })
      .where(ownPlan(userId, id))
      .returning()
  )[0];
export const deletePlanRow = async (tx: Tx, userId: string, id: string) =>
  (await tx.delete(insurancePlans).where(ownPlan(userId, id)).returning({ id: insurancePlans.id })).length >
  0;

// ---- claims ----
const ownClaim = (userId: string, id: string) =>
  and(eq(insuranceClaims.userId, userId), eq(insuranceClaims.id, id));
export const selectClaims = (tx: Tx, userId: string, year?: number) =>
  tx
    .select()
    .from(insuranceClaims)
    .where(
      and(
        eq(insuranceClaims.userId, userId),
        year ? gte(insuranceClaims.serviceDate, `${year}-01-01`) : undefined,
        year ? lte(insuranceClaims.serviceDate, `${year}-12-31`) : undefined,
      ),
    )
    .orderBy(desc(insuranceClaims.serviceDate), desc(insuranceClaims.createdAt))
    .limit(LIST_LIMIT);
export const selectClaim = async (tx: Tx, userId: string, id: string) =>
  (await tx.select().from(insuranceClaims).where(ownClaim(userId, id)))[0];
export const insertClaim = async (tx: Tx, userId: string, values: ClaimValues) =>
  (
    await tx
      .insert(insuranceClaims)
      .values({ ...values, userId })
      .returning()
  )[0]!;
export const updateClaimRow = async (tx: Tx, userId: string, id: string, set: Partial<ClaimValues>) =>
  (
    await tx
      .update(insuranceClaims)
      .set({ ...set, updatedAt: sql`now()` })
      .where(ownClaim(userId, id))
      .returning()
  )[0];
export const deleteClaimRow = async (tx: Tx, userId: string, id: string) =>
  (await tx.delete(insuranceClaims).where(ownClaim(userId, id)).returning({ id: insuranceClaims.id }))
    .length > 0;

// ---- bills and payments ----
const ownBill = (userId: string, id: string) =>
  and(eq(insuranceBills.userId, userId), eq(insuranceBills.id, id));
export const selectBills = (tx: Tx, userId: string, year?: number) =>
  tx
    .select()
    .from(insuranceBills)
    .where(
      and(
        eq(insuranceBills.userId, userId),
        year ? gte(insuranceBills.dueDate, `${year}-01-01`) : undefined,
        year ? lte(insuranceBills.dueDate, `${year}-12-31`) : undefined,
      ),
    )
    .orderBy(desc(insuranceBills.dueDate), desc(insuranceBills.createdAt))
    .limit(LIST_LIMIT);
/** The bill, locked: a payment and an edit of the same bill are applied one after the other. */
export const selectBillForUpdate = async (tx: Tx, userId: string, id: string) =>
  (await tx.select().from(insuranceBills).where(ownBill(userId, id)).for('update'))[0];
export const selectBill = async (tx: Tx, userId: string, id: string) =>
  (await tx.select().from(insuranceBills).where(ownBill(userId, id)))[0];
export const insertBill = async (tx: Tx, userId: string, values: BillValues) =>
  (
    await tx
      .insert(insuranceBills)
      .values({ ...values, userId })
      .returning()
  )[0]!;
export const updateBillRow = async (tx: Tx, userId: string, id: string, set: Partial<BillValues>) =>
  (
    await tx
      .update(insuranceBills)
      .set({ ...set, updatedAt: sql`now()` })
      .where(ownBill(userId, id))
      .returning()
  )[0];
export const deleteBillRow = async (tx: Tx, userId: string, id: string) =>
  (await tx.delete(insuranceBills).where(ownBill(userId, id)).returning({ id: insuranceBills.id })).length >
  0;

export const selectPayments = (tx: Tx, userId: string, billIds: string[]) =>
  billIds.length === 0
    ? Promise.resolve([] as PaymentRow[])
    : tx
        .select()
        .from(billPayments)
        .where(and(eq(billPayments.userId, userId), inArray(billPayments.billId, billIds)))
        .orderBy(asc(billPayments.paidOn), asc(billPayments.createdAt));
export const insertPayment = async (
  tx: Tx,
  userId: string,
  values: { billId: string; amountCents: number; paidOn: string; note: string | null },
) =>
  (
    await tx
      .insert(billPayments)
      .values({ ...values, userId })
      .returning()
  )[0]!;

// ---- settings ----
export const selectSettings = async (tx: Tx, userId: string) =>
  (await tx.select().from(insuranceSettings).where(eq(insuranceSettings.userId, userId)))[0];
export const upsertSettings = async (
  tx: Tx,
  userId: string,
  values: { currency: string; hsaCents: number; fsaCents: number; fsaExpiration: string | null },
) =>
  (
    await tx
      .insert(insuranceSettings)
      .values({ ...values, userId })
      .onConflictDoUpdate({ target: insuranceSettings.userId, set: { ...values, updatedAt: sql`now()` } })
      .returning()
  )[0]!;
