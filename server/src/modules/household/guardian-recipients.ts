import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { householdTransaction } from './household.repository';

export interface GuardianRecipient {
  personId: string;
  /** The person's display name: the email names whose it is ("Mia's glucose is low"). */
  personName: string;
  guardianId: string;
  email: string;
  /** The guardian's own time zone, for the times an email shows. */
  timeZone: string;
}

/**
 * The guardians who get a person's reminders and alerts by email: not muted for that person, with a
 * confirmed address and email reminders turned on in their own profile.
 */
export const guardianRecipients = async (db: Database, personIds: string[]): Promise<GuardianRecipient[]> => {
  if (personIds.length === 0) return [];
  const ids = sql.join(
    [...new Set(personIds)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const { rows } = await householdTransaction(db, (tx) =>
    tx.execute<{
      person_id: string;
      person_name: string;
      guardian_id: string;
      email: string;
      timezone: string;
    }>(sql`
      select g.person_id, pp.display_name as person_name, g.guardian_id, u.email, gp.timezone
      from guardianships g
      join auth.user u on u.id = g.guardian_id and u.email_verified and u.status = 'active'
      join profiles gp on gp.user_id = g.guardian_id and gp.email_reminders
      join profiles pp on pp.user_id = g.person_id
      where g.person_id in (${ids}) and not g.muted
      order by g.created_at`),
  );
  return rows.map((r) => ({
    personId: r.person_id,
    personName: r.person_name,
    guardianId: r.guardian_id,
    email: r.email,
    timeZone: r.timezone,
  }));
};

/** The wards whose live notifications reach this account's open pages (not muted). */
export const unmutedWards = async (db: Database, accountId: string) => {
  const rows = await db.ownerStatement<{ person_id: string }>({
    name: 'healthfolio_unmuted_wards',
    text: 'select person_id from guardianships where guardian_id = $1 and not muted',
    values: [accountId],
  });
  return rows.map((r) => r.person_id);
};

/** Whether the account still gets this ward's live notifications (a guardian, not muted) right now. */
export const receivesWard = async (db: Database, accountId: string, personId: string) => {
  const rows = await db.ownerStatement<{ muted: boolean }>({
    name: 'healthfolio_ward_muted',
    text: 'select muted from guardianships where person_id = $1 and guardian_id = $2',
    values: [personId, accountId],
  });
  return rows.length > 0 && !rows[0]!.muted;
};
