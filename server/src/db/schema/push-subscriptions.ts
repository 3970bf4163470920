import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { ownerPolicies } from './rls';

/**
 * One row per device that turned on "Alerts on this device": the browser's push address and keys
 * (RFC 8291), what the person calls the device, which kinds it wants (`kinds`, kind → on) and whether
 * its lock screen may show values. A push service answering 404/410 deletes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    deviceLabel: text('device_label').notNull(),
    kinds: jsonb('kinds').$type<Record<string, boolean>>().notNull().default({}),
    showValues: boolean('show_values').notNull().default(false),
    /** Quiet hours in the device's local time: every glucose alarm but urgent low is held back then. */
    quietHours: jsonb('quiet_hours').$type<{ start: string; end: string; timeZone: string } | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    // Subscribing again from the same browser updates its row.
    uniqueIndex('push_subscriptions_user_endpoint_idx').on(t.userId, t.endpoint),
    ...ownerPolicies('push_subscriptions', t.userId),
  ],
);

/**
 * The ids browsers gave the entries they queued offline (`clientId`), one per user and id, whichever
 * store the entry went to: a replay finds its entry here instead of writing a second one.
 */
export const entryClientIds = pgTable(
  'entry_client_ids',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    entryId: uuid('entry_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('entry_client_ids_user_client_idx').on(t.userId, t.clientId),
    ...ownerPolicies('entry_client_ids', t.userId),
  ],
);
