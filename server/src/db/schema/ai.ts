import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { ownerPolicies } from './rls';

/** The assistant conversation, one per user; cleared by deleting the user's rows. */
export const aiChatMessages = pgTable(
  'ai_chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    /** Who answered (the model's name or the built-in analyst); null on the user's own messages. */
    source: text('source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ai_chat_messages_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('ai_chat_messages_role_check', sql`${t.role} in ('user', 'assistant')`),
    ...ownerPolicies('ai_chat_messages', t.userId),
  ],
);

/**
 * Each meal photo analysis the vision model made: the result a saved meal may cite, so the entry's
 * "AI estimate" provenance comes from the server's record, never from what a client claims.
 */
export const mealPhotoAnalyses = pgTable(
  'meal_photo_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Null when no vision provider was configured: the photo was stored, not analysed. */
    model: text('model'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** The re-encoded (metadata-free) photo in the encrypted file storage, with its type and size. */
    photoStorageId: text('photo_storage_id'),
    photoType: text('photo_type'),
    photoSize: integer('photo_size'),
    photoSha256: text('photo_sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('meal_photo_analyses_user_created_idx').on(t.userId, t.createdAt.desc()),
    ...ownerPolicies('meal_photo_analyses', t.userId),
  ],
);
