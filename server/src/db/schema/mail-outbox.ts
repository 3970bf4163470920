import { index, pgPolicy, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isSystem } from './rls';

/**
 * Every message the server sends, for `MAIL_OUTBOX_RETENTION_HOURS`. The body (reset, confirmation and
 * share links included) is kept only while the message is undelivered, sealed with ENCRYPTION_KEY
 * (`npm run mail:outbox` opens it); a delivered message keeps its address, subject and status only.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** Sealed (mail/outbox-seal.ts) while undelivered; null once the SMTP server accepted it. */
    textBody: text('text_body'),
    status: text('status').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_user_id_idx').on(t.userId, t.createdAt),
    pgPolicy('mail_outbox_system', { for: 'all', using: isSystem, withCheck: isSystem }),
  ],
);
