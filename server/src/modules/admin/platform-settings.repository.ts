import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { platformSettings } from '../../db/schema';

/** System context only (the table's policy). */
export const selectSettingRows = (tx: Tx) => tx.select().from(platformSettings);

export const upsertSettingRow = (
  tx: Tx,
  row: {
    key: string;
    value: Record<string, unknown>;
    category: string;
    description: string;
    updatedBy: string;
  },
) =>
  tx
    .insert(platformSettings)
    .values({
      settingKey: row.key,
      settingValue: row.value,
      category: row.category,
      description: row.description,
      updatedBy: row.updatedBy,
    })
    .onConflictDoUpdate({
      target: platformSettings.settingKey,
      set: { settingValue: row.value, updatedBy: row.updatedBy, updatedAt: new Date() },
    })
    .returning();

export const deleteSettingRow = (tx: Tx, key: string) =>
  tx.delete(platformSettings).where(eq(platformSettings.settingKey, key)).returning();
