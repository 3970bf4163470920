import {
  DEPENDENTS_MAX,
  INVITATION_VALID_DAYS,
  type InvitationCreatedResponse,
  type InvitationCreateRequest,
  type InvitationPreview,
} from '@healthfolio/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/database';
import { account, formerGuardians, guardianships, householdInvitations, user } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { ProblemError } from '../../http/problem';
import type { Mailer } from '../../mail/mailer';
import { householdInvitationEmail } from '../../mail/templates';
import { recordAudit } from '../audit/audit.service';
import { hashShareToken, newShareToken, SHARE_TOKEN_PATTERN } from '../sharing/share-token';
import { presentInvitation } from './household.presenter';
import {
  accountWithEmail,
  countWards,
  findPeople,
  findUsableInvitation,
  householdTransaction,
  lockAccount,
} from './household.repository';
import { requireWard, tooManyDependents } from './household.service';

const DAY_MS = 86_400_000;

/** Unknown, malformed, expired and used tokens answer alike: nothing tells them apart. */
export const invitationInvalid = () =>
  new ProblemError(404, 'invitation_invalid', 'This invitation is not valid any more. Ask for a new one.');

export const invitationLink = (appUrl: string, token: string) => `${appUrl}/household/invitations/${token}`;

export interface InvitationDeps {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  /** Mail leaves after the answer (background tasks). */
  later(task: Promise<unknown>): void;
}

/**
 * Invites a second guardian, or the person themselves (handover), by email. A server without email
 * delivery hands the link to the inviting guardian instead, in this answer only (only its hash is kept).
 */
export const invite = async (
  deps: InvitationDeps,
  from: SessionUser,
  personId: string,
  input: z.output<typeof InvitationCreateRequest>,
): Promise<InvitationCreatedResponse> => {
  const token = newShareToken();
  const { row, personName, inviterName } = await householdTransaction(deps.db, async (tx) => {
    await requireWard(tx, personId, from.id);
    const [person, inviter] = await findPeople(tx, [personId, from.id]).then((rows) => [
      rows.find((r) => r.id === personId),
      rows.find((r) => r.id === from.id),
    ]);
    const [created] = await tx
      .insert(householdInvitations)
      .values({
        personId,
        kind: input.kind,
        email: input.email,
        tokenHash: hashShareToken(token),
        invitedBy: from.id,
        expiresAt: new Date(Date.now() + INVITATION_VALID_DAYS * DAY_MS),
      })
      .returning();
    await recordAudit(tx, personId, 'create', 'household_invitation', created!.id, { kind: input.kind });
    return {
      row: created!,
      personName: person?.displayName ?? 'someone',
      inviterName: inviter?.displayName ?? from.name,
    };
  });
  const link = invitationLink(deps.appUrl, token);
  deps.later(
    deps.mailer.send({
      to: input.email,
      ...householdInvitationEmail({
        inviterName,
        personName,
        kind: input.kind,
        link,
        expiresAt: row.expiresAt,
      }),
    }),
  );
  // With email on, the link goes to the invited address alone: a handover link claims the record.
  const emailed = deps.mailer.mode === 'smtp';
  return { ...presentInvitation(row), emailed, ...(!emailed && { link }) };
};

export const cancelInvitation = (db: Database, from: SessionUser, personId: string, invitationId: string) =>
  householdTransaction(db, async (tx) => {
    await requireWard(tx, personId, from.id);
    const [gone] = await tx
      .delete(householdInvitations)
      .where(
        and(
          eq(householdInvitations.id, invitationId),
          eq(householdInvitations.personId, personId),
          isNull(householdInvitations.acceptedAt),
        ),
      )
      .returning({ id: householdInvitations.id });
    if (!gone) throw new ProblemError(404, 'not_found', 'This invitation was not found.');
    await recordAudit(tx, personId, 'delete', 'household_invitation', invitationId);
  });

const usable = async (tx: Tx, token: string) => {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw invitationInvalid();
  const found = await findUsableInvitation(tx, hashShareToken(token));
  if (!found) throw invitationInvalid();
  return found;
};

export const previewInvitation = (db: Database, token: string): Promise<InvitationPreview> =>
  householdTransaction(db, async (tx) => {
    const { invitation, personDisplayName, invitedBy } = await usable(tx, token);
    return {
      kind: invitation.kind,
      personDisplayName,
      invitedBy,
      email: invitation.email,
      expiresAt: invitation.expiresAt.toISOString(),
      accountExists: Boolean(await accountWithEmail(tx, invitation.email)),
    };
  });

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Accepts with the signed-in account, whose confirmed address must be the invited one (403
 * invitation_wrong_account). A guardian invitation adds the account as a guardian; a handover to an
 * address that has an account makes that account the person's only guardian (the records stay apart).
 */
export const acceptInvitation = (db: Database, signedIn: SessionUser, token: string) =>
  householdTransaction(db, async (tx) => {
    const { invitation } = await usable(tx, token);
    if (!signedIn.emailVerified || !sameAddress(signedIn.email, invitation.email))
      throw new ProblemError(
        403,
        'invitation_wrong_account',
        `This invitation was sent to another address. Sign in with ${invitation.email} to accept it.`,
      );
    const personId = invitation.personId;
    await lockAccount(tx, signedIn.id);
    const already = await tx
      .select({ one: sql`1` })
      .from(guardianships)
      .where(and(eq(guardianships.personId, personId), eq(guardianships.guardianId, signedIn.id)));
    if (already.length === 0 && (await countWards(tx, signedIn.id)) >= DEPENDENTS_MAX)
      throw tooManyDependents();
    if (invitation.kind === 'handover') {
      await handOverTo(tx, personId, signedIn.id);
    } else if (already.length === 0) {
      await tx.insert(guardianships).values({ personId, guardianId: signedIn.id });
    }
    await tx
      .update(householdInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(eq(householdInvitations.id, invitation.id));
    await recordAudit(tx, personId, 'create', 'guardianship', signedIn.id, { kind: invitation.kind });
    return { personId };
  });

/** The guardians become former guardians; `to` (if any) becomes the only one; pending invitations go. */
const handOverTo = async (tx: Tx, personId: string, to: string | null) => {
  const { rows } = await tx.execute<{ guardian_id: string }>(
    sql`delete from guardianships where person_id = ${personId} returning guardian_id`,
  );
  const former = rows.map((r) => r.guardian_id).filter((id) => id !== to);
  if (former.length > 0)
    await tx
      .insert(formerGuardians)
      .values(former.map((guardianId) => ({ personId, guardianId })))
      .onConflictDoNothing();
  if (to) await tx.insert(guardianships).values({ personId, guardianId: to });
  await tx
    .update(householdInvitations)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(householdInvitations.personId, personId), isNull(householdInvitations.acceptedAt)));
};

export interface ClaimDeps {
  db: Database;
  /** better-auth's hasher (the one sign-up and reset use). */
  hashPassword(password: string): Promise<string>;
}

/**
 * Handover without an account: the dependent's own user row becomes an account with the invited
 * address (confirmed: the link reached it) and this password. Their record is already theirs: nothing
 * moves. The guardians become former guardians. The caller then signs them in.
 */
export const claimInvitation = async (deps: ClaimDeps, token: string, password: string) => {
  const hash = await deps.hashPassword(password);
  return householdTransaction(deps.db, async (tx) => {
    const { invitation, personStatus } = await usable(tx, token);
    if (invitation.kind !== 'handover' || personStatus !== 'dependent') throw invitationInvalid();
    if (await accountWithEmail(tx, invitation.email))
      throw new ProblemError(
        409,
        'conflict',
        `An account with ${invitation.email} already exists. Sign in to it to accept the invitation.`,
      );
    const personId = invitation.personId;
    await tx
      .update(user)
      .set({ email: invitation.email, emailVerified: true, status: 'active', updatedAt: sql`now()` })
      .where(eq(user.id, personId));
    await tx
      .insert(account)
      .values({ userId: personId, accountId: personId, providerId: 'credential', password: hash });
    await handOverTo(tx, personId, null);
    await tx
      .update(householdInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(eq(householdInvitations.id, invitation.id));
    await recordAudit(tx, personId, 'update', 'person', personId, { handover: true });
    return { personId, email: invitation.email };
  });
};
