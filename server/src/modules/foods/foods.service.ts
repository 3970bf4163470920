import { CUSTOM_FOODS_MAX, type CustomFoodCreateRequest, type CustomFoodResponse } from '@healthfolio/core';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { customFoods } from '../../db/schema';
import { notFound, ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';

type Row = typeof customFoods.$inferSelect;

const present = (r: Row): CustomFoodResponse => ({
  id: r.id,
  name: r.name,
  carbs_per_100g: r.carbsPer100g,
  serving_size: r.servingSize,
  createdAt: r.createdAt.toISOString(),
});

export const listCustomFoods = (db: Database, userId: string) =>
  db.readAsUser(userId, async (tx) => ({
    items: (
      await tx.select().from(customFoods).where(eq(customFoods.userId, userId)).orderBy(asc(customFoods.name))
    ).map(present),
  }));

export const addCustomFood = (db: Database, userId: string, req: Required<CustomFoodCreateRequest>) =>
  db.asUser(userId, async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(customFoods)
      .where(eq(customFoods.userId, userId));
    if (n >= CUSTOM_FOODS_MAX) {
      throw new ProblemError(
        409,
        'conflict',
        `Your food list is full (${CUSTOM_FOODS_MAX} foods). Remove one first.`,
      );
    }
    const [row] = await tx
      .insert(customFoods)
      .values({ userId, name: req.name, carbsPer100g: req.carbs_per_100g, servingSize: req.serving_size })
      .onConflictDoNothing({ target: [customFoods.userId, customFoods.name] })
      .returning();
    if (!row) {
      throw new ProblemError(409, 'conflict', `“${req.name}” is already in your foods.`, [
        { path: 'name', message: 'Already in your foods' },
      ]);
    }
    await recordAudit(tx, userId, 'create', 'custom_food', row.id);
    return present(row);
  });

export const removeCustomFood = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    const deleted = await tx
      .delete(customFoods)
      .where(and(eq(customFoods.userId, userId), eq(customFoods.id, id)))
      .returning({ id: customFoods.id });
    if (!deleted.length) throw notFound('No food with this id');
    await recordAudit(tx, userId, 'delete', 'custom_food', id);
  });
