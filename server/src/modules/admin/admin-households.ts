import { type AdminHousehold, AdminHouseholdsResponse } from '@healthfolio/core';
import { createRoute } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/database';
import { createRouter, json, problems, SESSION_SECURITY } from '../../http/openapi';
import { requireAdmin } from '../roles/roles.service';
import { adminAccountTx } from './admin-tx';

type Row = {
  person_id: string;
  person_name: string;
  person_created: Date | string;
  guardian_id: string;
  guardian_name: string;
  guardian_email: string;
};

/**
 * Every person kept by guardians, grouped by their set of guardians (two parents keeping two children
 * are one household). Owner + system scope; names and addresses only.
 */
export const listHouseholds = (db: Database): Promise<AdminHouseholdsResponse> =>
  adminAccountTx(db, async (tx) => {
    const { rows } = await tx.execute<Row>(sql`
      select g.person_id, pp.display_name as person_name, pu.created_at as person_created,
        g.guardian_id, coalesce(gp.display_name, gu.name) as guardian_name, gu.email as guardian_email
      from guardianships g
      join auth.user pu on pu.id = g.person_id
      join profiles pp on pp.user_id = g.person_id
      join auth.user gu on gu.id = g.guardian_id
      left join profiles gp on gp.user_id = g.guardian_id
      order by pu.created_at, g.person_id, g.created_at`);
    const counts = await tx.execute<{ accounts: number; people: number }>(sql`
      select count(*) filter (where status <> 'dependent')::int as accounts, count(*)::int as people
      from auth.user`);
    const byPerson = new Map<
      string,
      { person: AdminHousehold['people'][number]; guardians: AdminHousehold['guardians'] }
    >();
    for (const r of rows) {
      const entry = byPerson.get(r.person_id) ?? {
        person: {
          personId: r.person_id,
          displayName: r.person_name,
          createdAt: new Date(r.person_created).toISOString(),
        },
        guardians: [],
      };
      entry.guardians.push({
        accountId: r.guardian_id,
        displayName: r.guardian_name,
        email: r.guardian_email,
      });
      byPerson.set(r.person_id, entry);
    }
    const households = new Map<string, AdminHousehold>();
    for (const { person, guardians } of byPerson.values()) {
      const key = guardians
        .map((g) => g.accountId)
        .sort()
        .join(',');
      const h = households.get(key) ?? { guardians, people: [] };
      h.people.push(person);
      households.set(key, h);
    }
    return { items: [...households.values()], ...counts.rows[0]! };
  });

const list = createRoute({
  method: 'get',
  path: '/api/v1/admin/households',
  tags: ['Admin'],
  security: SESSION_SECURITY,
  summary:
    'Households: the people kept by guardians, grouped by their guardians (names only, no health values)',
  responses: { 200: json(AdminHouseholdsResponse, 'Households'), ...problems(401, 403, 503) },
});

export const adminHouseholdsRoutes = (deps: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/admin/households', deps.requireAccount, requireAdmin());
  app.openapi(list, async (c) => c.json(await listHouseholds(c.get('db')), 200));
  return app;
};
