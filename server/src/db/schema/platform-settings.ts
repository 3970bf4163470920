import { jsonb, pgPolicy, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { isSystem } from './rls';

/**
 * Platform-wide settings (spec §3 platform_settings). A key without a row has its documented default
 * (core SETTING_DEFINITIONS). Only the system context reads or writes them: admins reach them through
 * `db.asSystem` after `requireAdmin`, every other reader through the server's settings store.
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    settingKey: text('setting_key').primaryKey(),
    settingValue: jsonb('setting_value').$type<Record<string, unknown>>().notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    updatedBy: uuid('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [pgPolicy('platform_settings_system', { for: 'all', using: isSystem, withCheck: isSystem })],
);
