import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { formerGuardians, guardianships, householdInvitations, profiles, user } from '../../db/schema';
import { withClientOf } from '../audit/audit-context';

/**
 * Household work crosses people (a guardian and their wards, better-auth's user rows), so it runs on
 * the owner connection in one transaction, in the system context: the owner may be subject to the
 * forced policies like everyone else. `db` is the request's handle: audit rows carry its client.
 */
export const householdTransaction = <T>(db: Database, fn: (tx: Tx) => Promise<T>) =>
  db.owner.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.system', 'on', true)`);
    return fn(withClientOf(db, tx));
  });

/** Serialises the household changes of one account (the dependents limit holds under concurrency). */
/** A person kept by guardians (no sign-in of their own): their notices are read by the guardians. */
export const keptByGuardians = async (tx: Tx, userId: string) => {
  const { rows } = await tx.execute<{ kept: boolean }>(sql`select app_kept_by_guardians(${userId}) as kept`);
  return Boolean(rows[0]?.kept);
};

export const lockAccount = (tx: Tx, accountId: string) =>
  tx.execute(sql`select id from auth.user where id = ${accountId} for update`);

export const countWards = async (tx: Tx, guardianId: string) => {
  const [row] = await tx
    .select({ n: count() })
    .from(guardianships)
    .where(eq(guardianships.guardianId, guardianId));
  return row?.n ?? 0;
};

export const findGuardianship = async (tx: Tx, personId: string, guardianId: string) => {
  const [row] = await tx
    .select()
    .from(guardianships)
    .where(and(eq(guardianships.personId, personId), eq(guardianships.guardianId, guardianId)));
  return row;
};

export type PersonRow = {
  id: string;
  status: string;
  displayName: string;
  dateOfBirth: string | null;
  userType: string | null;
  glucoseUnit: string;
  timezone: string;
};

const personColumns = {
  id: user.id,
  status: user.status,
  displayName: profiles.displayName,
  dateOfBirth: profiles.dateOfBirth,
  userType: profiles.userType,
  glucoseUnit: profiles.glucoseUnit,
  timezone: profiles.timezone,
};

export const findPeople = (tx: Tx, ids: string[]): Promise<PersonRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : tx
        .select(personColumns)
        .from(user)
        .innerJoin(profiles, eq(profiles.userId, user.id))
        .where(inArray(user.id, ids));

/** The people an account keeps, with its own mute flag, by name. */
export const findWards = (tx: Tx, guardianId: string) =>
  tx
    .select({ ...personColumns, muted: guardianships.muted })
    .from(guardianships)
    .innerJoin(user, eq(user.id, guardianships.personId))
    .innerJoin(profiles, eq(profiles.userId, guardianships.personId))
    .where(eq(guardianships.guardianId, guardianId))
    .orderBy(asc(profiles.displayName), asc(user.id));

/** Every guardian of these people: name (their profile's, else their account's) and address. */
export const findGuardians = (tx: Tx, personIds: string[]) =>
  personIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          personId: guardianships.personId,
          accountId: guardianships.guardianId,
          displayName: sql<string>`coalesce(${profiles.displayName}, ${user.name})`,
          email: user.email,
          muted: guardianships.muted,
          since: guardianships.createdAt,
        })
        .from(guardianships)
        .innerJoin(user, eq(user.id, guardianships.guardianId))
        .leftJoin(profiles, eq(profiles.userId, guardianships.guardianId))
        .where(inArray(guardianships.personId, personIds))
        .orderBy(asc(guardianships.createdAt));

export const findFormerGuardians = (tx: Tx, personId: string) =>
  tx
    .select({
      accountId: formerGuardians.guardianId,
      displayName: sql<string>`coalesce(${profiles.displayName}, ${user.name})`,
      email: user.email,
    })
    .from(formerGuardians)
    .innerJoin(user, eq(user.id, formerGuardians.guardianId))
    .leftJoin(profiles, eq(profiles.userId, formerGuardians.guardianId))
    .where(eq(formerGuardians.personId, personId))
    .orderBy(asc(formerGuardians.endedAt));

export const findPendingInvitations = (tx: Tx, personIds: string[]) =>
  personIds.length === 0
    ? Promise.resolve([])
    : tx
        .select()
        .from(householdInvitations)
        .where(
          and(
            inArray(householdInvitations.personId, personIds),
            isNull(householdInvitations.acceptedAt),
            gt(householdInvitations.expiresAt, sql`now()`),
          ),
        )
        .orderBy(asc(householdInvitations.createdAt));

/** A usable invitation by its token's digest (not accepted, not expired), with the person's name. */
export const findUsableInvitation = async (tx: Tx, tokenHash: string) => {
  const [row] = await tx
    .select({
      invitation: householdInvitations,
      personDisplayName: profiles.displayName,
      personStatus: user.status,
      invitedBy: sql<string>`(select coalesce(p.display_name, u.name) from auth.user u
        left join profiles p on p.user_id = u.id where u.id = ${householdInvitations.invitedBy})`,
    })
    .from(householdInvitations)
    .innerJoin(user, eq(user.id, householdInvitations.personId))
    .innerJoin(profiles, eq(profiles.userId, householdInvitations.personId))
    .where(
      and(
        eq(householdInvitations.tokenHash, tokenHash),
        isNull(householdInvitations.acceptedAt),
        gt(householdInvitations.expiresAt, sql`now()`),
      ),
    );
  return row;
};

export const accountWithEmail = async (tx: Tx, email: string) => {
  const [row] = await tx
    .select({ id: user.id, status: user.status })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row;
};
