import {
  effectiveUserType,
  type GlucoseUnit,
  type PendingInvitation,
  type Person,
  type PersonGuardian,
  type PersonRelation,
  personInitials,
  type UserType,
} from '@healthfolio/core';
import type { householdInvitations } from '../../db/schema';
import type { PersonRow } from './household.repository';

type InvitationRow = typeof householdInvitations.$inferSelect;
type GuardianRow = { personId: string; accountId: string; displayName: string; email: string };

export const presentInvitation = (r: InvitationRow): PendingInvitation => ({
  id: r.id,
  email: r.email,
  kind: r.kind,
  expiresAt: r.expiresAt.toISOString(),
});

export const presentPerson = (
  row: PersonRow,
  opts: {
    relation: PersonRelation;
    accountId: string;
    muted?: boolean;
    guardians?: GuardianRow[];
    invitations?: InvitationRow[];
  },
): Person => ({
  id: row.id,
  displayName: row.displayName,
  initials: personInitials(row.displayName),
  dateOfBirth: row.dateOfBirth,
  relation: opts.relation,
  platformMode: effectiveUserType(row.userType as UserType | null),
  glucoseUnit: row.glucoseUnit as GlucoseUnit,
  muted: opts.relation === 'ward' && (opts.muted ?? false),
  guardians: (opts.guardians ?? [])
    .filter((g) => g.personId === row.id)
    .map(
      (g): PersonGuardian => ({
        accountId: g.accountId,
        displayName: g.displayName,
        email: g.email,
        you: g.accountId === opts.accountId,
      }),
    ),
  pendingInvitations: (opts.invitations ?? []).filter((i) => i.personId === row.id).map(presentInvitation),
});
