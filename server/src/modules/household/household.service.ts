import { randomUUID } from 'node:crypto';
import {
  DEPENDENTS_MAX,
  glucoseTrend,
  type HouseholdResponse,
  type LatestReadingsResponse,
  type Person,
  type PersonCreateRequest,
  type PersonUpdateRequest,
} from '@healthfolio/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { personNotFound } from '../../auth/person-scope';
import type { Database, Tx } from '../../db/database';
import { glucoseReadings, guardianships, profiles, user } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { ProblemError } from '../../http/problem';
import type { FileStorage } from '../../storage/file-storage';
import { erasePersonInTx, finishErasure } from '../account/erase-person';
import { recordAudit } from '../audit/audit.service';
import { insertDefaultRole } from '../roles/roles.repository';
import { presentPerson } from './household.presenter';
import {
  countWards,
  findFormerGuardians,
  findGuardians,
  findGuardianship,
  findPendingInvitations,
  findPeople,
  findWards,
  householdTransaction,
  lockAccount,
} from './household.repository';

/** A dependent's address: nobody can receive mail there (RFC 2606), and it is never shown. */
export const dependentEmail = (id: string) => `${id}@dependents.invalid`;

export const tooManyDependents = () =>
  new ProblemError(
    422,
    'too_many_dependents',
    `You can keep at most ${DEPENDENTS_MAX} people in your household.`,
  );

/** The guardianship of `accountId` over `personId`, or 404 person_not_found (never 403). */
export const requireWard = async (tx: Tx, personId: string, accountId: string) => {
  const row = await findGuardianship(tx, personId, accountId);
  if (!row) throw personNotFound();
  return row;
};

/** One ward as its guardian sees it: guardians and pending invitations included. */
export const loadPerson = async (tx: Tx, personId: string, accountId: string): Promise<Person> => {
  const link = await requireWard(tx, personId, accountId);
  const [row] = await findPeople(tx, [personId]);
  if (!row) throw personNotFound();
  return presentPerson(row, {
    relation: 'ward',
    accountId,
    muted: link.muted,
    guardians: await findGuardians(tx, [personId]),
    invitations: await findPendingInvitations(tx, [personId]),
  });
};

export const getHousehold = (db: Database, account: SessionUser): Promise<HouseholdResponse> =>
  householdTransaction(db, async (tx) => {
    const [self] = await findPeople(tx, [account.id]);
    const wards = await findWards(tx, account.id);
    const ids = wards.map((w) => w.id);
    const guardians = await findGuardians(tx, ids);
    const invitations = await findPendingInvitations(tx, ids);
    const me = self ?? {
      id: account.id,
      status: 'active',
      displayName: account.name,
      dateOfBirth: null,
      userType: null,
      glucoseUnit: 'mg/dL',
      timezone: 'UTC',
    };
    const selfPerson = presentPerson(me, { relation: 'self', accountId: account.id });
    return {
      account: { id: account.id, displayName: selfPerson.displayName, initials: selfPerson.initials },
      people: [
        selfPerson,
        ...wards.map((w) =>
          presentPerson(w, {
            relation: 'ward',
            accountId: account.id,
            muted: w.muted,
            guardians,
            invitations,
          }),
        ),
      ],
      formerGuardians: await findFormerGuardians(tx, account.id),
    };
  });

/**
 * A dependent: a user row that cannot sign in (status `dependent`, no credential, an address nobody
 * receives), with a profile and the default role like any account, kept by the account that added it.
 */
export const addPerson = (db: Database, account: SessionUser, input: z.output<typeof PersonCreateRequest>) =>
  householdTransaction(db, async (tx) => {
    await lockAccount(tx, account.id);
    if ((await countWards(tx, account.id)) >= DEPENDENTS_MAX) throw tooManyDependents();
    const id = randomUUID();
    await tx.insert(user).values({
      id,
      name: input.displayName,
      email: dependentEmail(id),
      emailVerified: false,
      status: 'dependent',
    });
    // The guardian's time zone: days, streaks and reminders of the person follow the household's clock.
    const [own] = await tx
      .select({ timezone: profiles.timezone })
      .from(profiles)
      .where(eq(profiles.userId, account.id));
    await tx.insert(profiles).values({
      userId: id,
      displayName: input.displayName,
      dateOfBirth: input.dateOfBirth,
      userType: input.platformMode,
      glucoseUnit: input.glucoseUnit,
      timezone: own?.timezone ?? 'UTC',
    });
    await insertDefaultRole(tx, id);
    await tx.insert(guardianships).values({ personId: id, guardianId: account.id });
    await recordAudit(tx, id, 'create', 'person', id);
    return loadPerson(tx, id, account.id);
  });

export const updatePerson = (
  db: Database,
  account: SessionUser,
  personId: string,
  patch: PersonUpdateRequest,
) =>
  householdTransaction(db, async (tx) => {
    await requireWard(tx, personId, account.id);
    const set = {
      ...(patch.displayName !== undefined ? { displayName: patch.displayName } : {}),
      ...(patch.dateOfBirth !== undefined ? { dateOfBirth: patch.dateOfBirth } : {}),
    };
    if (Object.keys(set).length > 0) {
      await tx
        .update(profiles)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(profiles.userId, personId));
      if (patch.displayName !== undefined)
        await tx.update(user).set({ name: patch.displayName }).where(eq(user.id, personId));
      await recordAudit(tx, personId, 'update', 'person', personId, { fields: Object.keys(set).sort() });
    }
    return loadPerson(tx, personId, account.id);
  });

export const setMuted = (db: Database, account: SessionUser, personId: string, muted: boolean) =>
  householdTransaction(db, async (tx) => {
    await requireWard(tx, personId, account.id);
    await tx
      .update(guardianships)
      .set({ muted })
      .where(and(eq(guardianships.personId, personId), eq(guardianships.guardianId, account.id)));
    await recordAudit(tx, personId, 'update', 'guardianship', account.id, { fields: ['muted'] });
    return loadPerson(tx, personId, account.id);
  });

/** A guardian leaves or removes another; a person always keeps one (409 last_guardian). */
export const removeGuardian = (db: Database, account: SessionUser, personId: string, guardianId: string) =>
  householdTransaction(db, async (tx) => {
    await requireWard(tx, personId, account.id);
    // The person's guardians, locked: two removals at once cannot both leave someone alone.
    const { rows } = await tx.execute<{ guardian_id: string }>(
      sql`select guardian_id from guardianships where person_id = ${personId} for update`,
    );
    if (!rows.some((r) => r.guardian_id === guardianId))
      throw new ProblemError(404, 'not_found', 'This guardian was not found.');
    if (rows.length <= 1)
      throw new ProblemError(
        409,
        'last_guardian',
        'A person always keeps at least one guardian. Add another guardian first, or delete the person.',
      );
    await tx
      .delete(guardianships)
      .where(and(eq(guardianships.personId, personId), eq(guardianships.guardianId, guardianId)));
    await recordAudit(tx, personId, 'delete', 'guardianship', guardianId);
  });

export const passwordIncorrect = () =>
  new ProblemError(403, 'password_incorrect', 'The password is not correct.');

/**
 * Deletes a ward and everything of theirs, through the one erasure (account/erase-person.ts).
 * `confirm` checks it is really the guardian (password, or a
 * recent sign-in for a Google account, and the two-factor code), after the guardianship: someone
 * else's person answers 404 whatever is typed.
 */
export const deletePerson = async (
  deps: { db: Database; storage: FileStorage },
  account: SessionUser,
  personId: string,
  confirm: () => Promise<void>,
) => {
  await householdTransaction(deps.db, (tx) => requireWard(tx, personId, account.id));
  await confirm();
  const files = await householdTransaction(deps.db, async (tx) => {
    await requireWard(tx, personId, account.id);
    const [row] = await tx.select({ status: user.status }).from(user).where(eq(user.id, personId));
    // Someone who took their record over is not deleted by a former guardian.
    if (row?.status !== 'dependent') throw personNotFound();
    const stored = await erasePersonInTx(tx, personId, account.id);
    await recordAudit(tx, account.id, 'delete', 'person', personId, { files: stored.length });
    return stored;
  });
  await finishErasure(deps, [personId], files);
};

/** The follower view: every person the account may act for, with their latest glucose reading. */
export const latestReadings = async (db: Database, account: SessionUser): Promise<LatestReadingsResponse> => {
  const household = await getHousehold(db, account);
  const people: LatestReadingsResponse['people'] = [];
  // One after another: a household is at most 11 people, and a request holds one connection at a time.
  for (const p of household.people)
    people.push(
      await (async () => {
        // In the person's scope: the policies check the guardianship again.
        const rows = await db.readAsUser(
          p.id,
          (tx) =>
            tx
              .select({ valueMgdl: glucoseReadings.valueMgdl, recordedAt: glucoseReadings.recordedAt })
              .from(glucoseReadings)
              .where(eq(glucoseReadings.userId, p.id))
              .orderBy(desc(glucoseReadings.recordedAt))
              .limit(2),
          account.id,
        );
        const [latest, previous] = rows;
        return {
          personId: p.id,
          displayName: p.displayName,
          reading: latest
            ? {
                valueMgdl: latest.valueMgdl,
                recordedAt: latest.recordedAt.toISOString(),
                trend: previous ? glucoseTrend(latest.valueMgdl, previous.valueMgdl) : null,
              }
            : null,
        };
      })(),
    );
  return { people };
};
