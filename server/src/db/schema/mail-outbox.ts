import { index, pgPolicy, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isSystem } from './rls';

/** Every message the server sends, kept when no SMTP server is configured so a self-hoster can read it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_user_id_idx').on(t.userId, t.createdAt),
    pgPolicy('mail_outbox_system', { for: 'all', using: isSystem, withCheck: isSystem }),
  ],
);
