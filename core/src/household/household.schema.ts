import { z } from 'zod';
import { Password } from '../auth/credentials.schema';
import { text } from '../http/text';
import { LocalDate } from '../notifications/wall-clock';
import { GlucoseUnit, UserType } from '../profiles/profile.schema';
import { FUTURE_DATE_MESSAGE, isDateNotInFuture } from '../units/not-in-future';

/**
 * Households (issue 32). A person is whose data it is; an account is who signs in. A dependent is a
 * person without a login, kept by one or more guardians (accounts). A guardian acts for a person by
 * sending `X-Healthfolio-Person: <person id>` (or `?person=<id>` on EventSource and plain links).
 */
export const PERSON_HEADER = 'X-Healthfolio-Person';
export const PERSON_QUERY_PARAM = 'person';

/** A guardian keeps at most this many dependents. */
export const DEPENDENTS_MAX = 10;
/** A person's display name, trimmed. */
export const PERSON_NAME_MAX = 80;
/** An invitation (second guardian or handover) is valid this long. */
export const INVITATION_VALID_DAYS = 7;

export const PERSON_NAME_REQUIRED = 'Name is required';

export const PERSON_RELATIONS = ['self', 'ward'] as const;
export const PersonRelation = z.enum(PERSON_RELATIONS);
export type PersonRelation = z.infer<typeof PersonRelation>;

export const INVITATION_KINDS = ['guardian', 'handover'] as const;
export const InvitationKind = z.enum(INVITATION_KINDS);
export type InvitationKind = z.infer<typeof InvitationKind>;

/** Error codes of the household API (problem+json `code`). */
export const HOUSEHOLD_ERROR_CODES = [
  'person_not_found',
  'too_many_dependents',
  'password_incorrect',
  'password_required',
  'invitation_invalid',
  'invitation_wrong_account',
  'last_guardian',
] as const;
export type HouseholdErrorCode = (typeof HOUSEHOLD_ERROR_CODES)[number];

/** Up to two letters for an avatar: "Mia Jones" → "MJ", "mia" → "M". */
export function personInitials(displayName: string): string {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters
    .map((w) => Array.from(w as string)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

export const PersonGuardian = z.object({
  accountId: z.string().uuid(),
  displayName: z.string(),
  email: z.string(),
  /** This guardian is the signed-in account. */
  you: z.boolean(),
});
export type PersonGuardian = z.infer<typeof PersonGuardian>;

export const PendingInvitation = z.object({
  id: z.string().uuid(),
  email: z.string(),
  kind: InvitationKind,
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof PendingInvitation>;

/**
 * The creation answer, to the inviting guardian only. Without email delivery the link is in it, to copy
 * and pass on; with email it is not (it reaches only the invited address). Never listed again.
 */
export const InvitationCreatedResponse = PendingInvitation.extend({
  emailed: z.boolean(),
  link: z.string().optional(),
});
export type InvitationCreatedResponse = z.infer<typeof InvitationCreatedResponse>;

export const Person = z.object({
  id: z.string().uuid(),
  displayName: z.string(),
  initials: z.string(),
  dateOfBirth: z.string().nullable(),
  relation: PersonRelation,
  /** The profile's platform mode (the same values as the profile's `userType`). */
  platformMode: UserType,
  glucoseUnit: GlucoseUnit,
  /** The signed-in guardian does not get this person's notifications. Always false for `self`. */
  muted: z.boolean(),
  /** Empty for `self`. */
  guardians: z.array(PersonGuardian),
  /** Empty for `self`. */
  pendingInvitations: z.array(PendingInvitation),
});
export type Person = z.infer<typeof Person>;

export const FormerGuardian = z.object({
  accountId: z.string().uuid(),
  displayName: z.string(),
  email: z.string(),
});
export type FormerGuardian = z.infer<typeof FormerGuardian>;

export const HouseholdResponse = z.object({
  account: z.object({ id: z.string().uuid(), displayName: z.string(), initials: z.string() }),
  /** The account itself first (`relation: 'self'`), then its wards by name. */
  people: z.array(Person),
  /**
   * Who kept the account's record before it took it over (handover): they have no access now; the
   * person may give them caregiver access with a share ("Give caregiver access"). Empty otherwise.
   */
  formerGuardians: z.array(FormerGuardian),
});
export type HouseholdResponse = z.infer<typeof HouseholdResponse>;

const personName = text()
  .trim()
  .min(1, PERSON_NAME_REQUIRED)
  .max(PERSON_NAME_MAX, `At most ${PERSON_NAME_MAX} characters`);
const dateOfBirth = LocalDate.refine((d) => isDateNotInFuture(d), FUTURE_DATE_MESSAGE);

export const PersonCreateRequest = z.strictObject({
  displayName: personName,
  dateOfBirth: dateOfBirth.nullable().default(null),
  platformMode: UserType.default('general_health'),
  glucoseUnit: GlucoseUnit.default('mg/dL'),
});
export type PersonCreateRequest = z.input<typeof PersonCreateRequest>;

export const PersonUpdateRequest = z.strictObject({
  displayName: personName.optional(),
  dateOfBirth: dateOfBirth.nullable().optional(),
});
export type PersonUpdateRequest = z.input<typeof PersonUpdateRequest>;

export const PersonMuteRequest = z.strictObject({ muted: z.boolean() });
export type PersonMuteRequest = z.infer<typeof PersonMuteRequest>;

export const InvitationCreateRequest = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254)
    .pipe(z.email('Enter a valid email address')),
  kind: InvitationKind,
});
export type InvitationCreateRequest = z.input<typeof InvitationCreateRequest>;

/** What an invitation link shows before it is accepted (signed in or not). */
export const InvitationPreview = z.object({
  kind: InvitationKind,
  personDisplayName: z.string(),
  /** The display name of the guardian who sent it. */
  invitedBy: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  /** An account with the invited address exists: sign in and accept (a handover then links, never merges). */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const InvitationAcceptResponse = z.object({ personId: z.string().uuid() });
export type InvitationAcceptResponse = z.infer<typeof InvitationAcceptResponse>;

/** Handover without an account: the person chooses a password; the invited address becomes their sign-in. */
export const InvitationClaimRequest = z.strictObject({
  password: Password,
});
export type InvitationClaimRequest = z.infer<typeof InvitationClaimRequest>;

export const LatestReading = z.object({
  valueMgdl: z.number(),
  recordedAt: z.string(),
  trend: z.enum(['up', 'down', 'none']).nullable(),
});
export type LatestReading = z.infer<typeof LatestReading>;

/** The follower endpoint: every person the account may act for, with their latest glucose reading. */
export const LatestReadingsResponse = z.object({
  people: z.array(
    z.object({
      personId: z.string().uuid(),
      displayName: z.string(),
      reading: LatestReading.nullable(),
    }),
  ),
});
export type LatestReadingsResponse = z.infer<typeof LatestReadingsResponse>;

/**
 * The notification stream (GET /api/v1/notifications/stream) of an account delivers for its own person
 * and every unmuted ward; the data of every event carries the person it is about in this field.
 */
export const STREAM_PERSON_FIELD = 'personId';
