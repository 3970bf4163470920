import { doublePrecision, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { ownerPolicies } from './rls';

/** Foods a user added to their carb counter; one name once per user. */
export const customFoods = pgTable(
  'custom_foods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    carbsPer100g: doublePrecision('carbs_per_100g').notNull(),
    servingSize: text('serving_size').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('custom_foods_user_idx').on(t.userId, t.name),
    unique('custom_foods_user_name_key').on(t.userId, t.name),
    ...ownerPolicies('custom_foods', t.userId),
  ],
);
