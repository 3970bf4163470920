import type { ShareCategory } from '@healthfolio/core';
import { ADMIN_SHARES_MAX, type AdminShareListQuery } from '@healthfolio/core/admin/admin-shares.schema';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';

export type AdminShareRow = {
  id: string;
  user_id: string;
  owner_name: string;
  shared_with_email: string;
  shared_with_name: string | null;
  access_type: string;
  categories: ShareCategory[];
  created_at: Date | string;
  expires_at: Date | string | null;
  first_accessed_at: Date | string | null;
  last_accessed_at: Date | string | null;
  revoked_at: Date | string | null;
};

/**
 * Every user's shares newest first (system context), searched by caregiver email, caregiver name or the
 * patient's display name, case-insensitive; a wildcard in the search is a character. Never the token.
 */
export const selectAdminShares = async (tx: Tx, q: AdminShareListQuery, id: string | null = null) => {
  const like = q.q ? `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const { rows } = await tx.execute<AdminShareRow>(sql`
    select s.id, s.user_id, coalesce(p.display_name, 'User') as owner_name, s.shared_with_email,
      s.shared_with_name, s.access_type, s.created_at, s.expires_at, s.first_accessed_at,
      s.last_accessed_at, s.revoked_at,
      coalesce((select array_agg(sp.data_category order by sp.data_category) from shared_permissions sp
        where sp.shared_access_id = s.id and sp.user_id = s.user_id and sp.can_view), '{}') as categories
    from shared_access s
    left join profiles p on p.user_id = s.user_id
    where (${id}::uuid is null or s.id = ${id}::uuid)
      and (${like}::text is null or s.shared_with_email ilike ${like} or s.shared_with_name ilike ${like}
        or p.display_name ilike ${like})
    order by s.created_at desc, s.id desc
    limit ${ADMIN_SHARES_MAX}`);
  return rows;
};
