import { type Actor, OUT_OF_CATEGORY } from './actors';

/**
 * What one actor's request may get: `ok` is allowed (2xx, or a 4xx that is not 401/403/404, such as
 * 400 for the empty body the matrix sends); a number is the refusal it must get.
 */
export type Outcome = 'ok' | 401 | 403 | 404;

export interface RouteFacts {
  /** The path names a record (or account object) of the person asked about: others get 404, not a list. */
  named: boolean;
  /** The share category a caregiver route serves (`any` for the overview). */
  category?: string;
}

const SESSIONS: readonly Actor[] = [
  'owner',
  'other',
  'guardian',
  'removedGuardian',
  'moderator',
  'admin',
  'demotedAdmin',
];
const isSession = (a: Actor) => SESSIONS.includes(a);

/** A signed-in caller's route refuses everyone else with 401: anonymous, tokens, a disabled account. */
const signedIn =
  (forSession: (a: Actor, r: RouteFacts) => Outcome) =>
  (a: Actor, r: RouteFacts): Outcome =>
    isSession(a) ? forSession(a, r) : 401;

/** Only `holder`'s credential opens the route: everyone else presents their own (or none) and gets `refusal`. */
const heldBy =
  (holders: readonly Actor[], refusal: Outcome) =>
  (a: Actor): Outcome =>
    holders.includes(a) ? 'ok' : refusal;

/** The rules, by name; each route in expectations.ts names one. */
export const RULES = {
  /** Open to anyone (sign-up, liveness, the public overview). */
  public: () => 'ok',
  /**
   * The acting person's own health records and settings (requireUser): the owner, and a guardian for
   * their ward; a removed guardian naming the ward gets 404; any other account sees only its own (so a
   * record of the owner's answers 404).
   */
  person: signedIn((a, r) =>
    a === 'owner' || a === 'guardian' ? 'ok' : a === 'removedGuardian' ? 404 : r.named ? 404 : 'ok',
  ),
  /** The signed-in account's own things (requireAccount): whoever is signed in, on their own; a record of the owner's answers 404. */
  account: signedIn((a, r) => (a === 'owner' || !r.named ? 'ok' : 404)),
  /** Managing the ward (household people): their guardian only; anyone else 404 `person_not_found`. */
  ward: signedIn((a) => (a === 'guardian' ? 'ok' : 404)),
  /** The admin console: admins only (a demoted admin's old session too is refused). */
  admin: signedIn((a) => (a === 'admin' ? 'ok' : 403)),
  /** A household invitation for someone else: every account is the wrong one. */
  wrongInvitee: signedIn(() => 403),
  /** A caregiver's share link: valid, and granting the route's category. Anything else 404. */
  shared: (a: Actor, r: RouteFacts): Outcome =>
    a === 'carerValid' ||
    (a === 'carerOutOfCategory' && (r.category === 'any' || OUT_OF_CATEGORY.includes(r.category ?? '')))
      ? 'ok'
      : 404,
  /** The household follower token's one read. */
  follow: heldBy(['follower'], 401),
  /** The Nightscout uploader API under the owner's slug: the upload credential only, never a cookie. */
  nightscout: heldBy(['uploader'], 401),
  /** A link only the owner holds (the calendar feed): anyone else's token answers 404. */
  ownerLink: heldBy(['owner'], 404),
  /** A link mailed to someone not signed in (an invitation, a handover): other tokens answer 404. */
  mailedLink: heldBy(['anonymous'], 404),
  /** A link that does not exist here (nothing seeded): 404 for everyone. */
  unknownLink: () => 404,
  /** Signed by an outside service (Terra): nobody here holds the key. */
  signedWebhook: () => 401,
} satisfies Record<string, (a: Actor, r: RouteFacts) => Outcome>;

export type RuleName = keyof typeof RULES;

/** Who may see a person's data in a body, by rule (their records' mark; see seed.ts). */
export const SEES_OWNER: Partial<Record<RuleName, readonly Actor[]>> = {
  person: ['owner'],
  account: ['owner'],
  shared: ['carerValid', 'carerOutOfCategory'],
  follow: ['follower'],
  nightscout: ['uploader'],
  ownerLink: ['owner'],
  admin: ['admin'],
};
export const SEES_WARD: Partial<Record<RuleName, readonly Actor[]>> = {
  person: ['guardian'],
  // The household screen and its latest readings list the people the account keeps.
  account: ['guardian'],
  ward: ['guardian'],
  // An invitation names the person it is about.
  mailedLink: ['anonymous'],
  admin: ['admin'],
};

/**
 * The problem `code` a refusal carries, where one rule says which: an admin route's 403 is the role
 * check's (`forbidden`, not a missing second factor); a person the account does not keep is
 * `person_not_found`, and a signed-in route's 401 is `unauthenticated` (not a Nightscout answer).
 */
export const REFUSAL_CODES: Partial<Record<RuleName, Partial<Record<number, string>>>> = {
  admin: { 403: 'forbidden' },
  ward: { 404: 'person_not_found' },
};
