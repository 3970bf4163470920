import { createHash, randomBytes } from 'node:crypto';
import {
  glucoseTrend,
  HOUSEHOLD_FOLLOWERS_MAX,
  type HouseholdFollower,
  type HouseholdFollowerCreatedResponse,
  type HouseholdFollowerCreateRequest,
  type HouseholdFollowerListResponse,
  type HouseholdFollowResponse,
} from '@healthfolio/core';
import { personNotFound } from '../../auth/person-scope';
import type { Database, Tx } from '../../db/database';
import type { SessionUser } from '../../http/context';
import { notFound, ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { findGuardianship, findPeople, householdTransaction, lockAccount } from './household.repository';
import {
  countHouseholdFollowers,
  deleteHouseholdFollower,
  findHouseholdFollowerByHash,
  type HouseholdFollowerRow,
  insertHouseholdFollower,
  selectFollowed,
  selectHouseholdFollowers,
  touchHouseholdFollower,
} from './household-followers.repository';

/** Where a household follower reads: the site's own API, with the token as Bearer or `?token=`. */
export const HOUSEHOLD_FOLLOW_PATH = '/api/v1/household/follow';
export const householdFollowUrl = (appUrl: string) => `${appUrl.replace(/\/+$/, '')}${HOUSEHOLD_FOLLOW_PATH}`;

/** A household follower token: `household-` then 160 bits from the CSPRNG in hex. */
const TOKEN = /^household-[0-9a-f]{40}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const present = (r: HouseholdFollowerRow, names: Map<string, string>): HouseholdFollower => ({
  id: r.id,
  name: r.name,
  people:
    r.personIds === null
      ? null
      : r.personIds
          // A person the account no longer keeps is no longer followed (the database says so too).
          .filter((id) => names.has(id))
          .map((personId) => ({ personId, displayName: names.get(personId)! })),
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

/** The names of the account and the people it keeps now. */
const keptNames = async (tx: Tx, accountId: string, ids: string[]) => {
  const wanted = [...new Set(ids)];
  const kept: string[] = [];
  for (const id of wanted) if (id === accountId || (await findGuardianship(tx, id, accountId))) kept.push(id);
  return new Map((await findPeople(tx, kept)).map((p) => [p.id, p.displayName]));
};

export const listHouseholdFollowers = (
  db: Database,
  appUrl: string,
  account: SessionUser,
): Promise<HouseholdFollowerListResponse> =>
  householdTransaction(db, async (tx) => {
    const rows = await selectHouseholdFollowers(tx, account.id);
    const names = await keptNames(
      tx,
      account.id,
      rows.flatMap((r) => r.personIds ?? []),
    );
    return { items: rows.map((r) => present(r, names)), followUrl: householdFollowUrl(appUrl) };
  });

/**
 * A new read-only token following the people named (each must be the account or someone it keeps:
 * another household's person answers 404, as every route does), or the whole household. Shown once;
 * only its SHA-256 is kept.
 */
export const createHouseholdFollower = (
  db: Database,
  appUrl: string,
  account: SessionUser,
  req: HouseholdFollowerCreateRequest,
): Promise<HouseholdFollowerCreatedResponse> =>
  householdTransaction(db, async (tx) => {
    await lockAccount(tx, account.id);
    const personIds = req.personIds ?? null;
    const names = await keptNames(tx, account.id, personIds ?? []);
    if (personIds?.some((id) => !names.has(id))) throw personNotFound();
    if ((await countHouseholdFollowers(tx, account.id)) >= HOUSEHOLD_FOLLOWERS_MAX)
      throw new ProblemError(
        409,
        'too_many_followers',
        `You can have at most ${HOUSEHOLD_FOLLOWERS_MAX} followers. Remove one you no longer use.`,
      );
    const token = `household-${randomBytes(20).toString('hex')}`;
    const row = await insertHouseholdFollower(tx, {
      accountId: account.id,
      name: req.name,
      tokenHash: hashOf(token),
      personIds,
    });
    await recordAudit(tx, account.id, 'create', 'household_follower_token', row.id, {
      people: personIds?.length ?? 'household',
    });
    return { ...present(row, names), token, followUrl: householdFollowUrl(appUrl) };
  });

export const revokeHouseholdFollower = (db: Database, account: SessionUser, id: string) =>
  householdTransaction(db, async (tx) => {
    if (!(await deleteHouseholdFollower(tx, account.id, id))) throw notFound('No such follower');
    await recordAudit(tx, account.id, 'revoke', 'household_follower_token', id);
  });

const unauthorized = () =>
  new ProblemError(401, 'follower_token_invalid', 'This follower link no longer works. Ask for a new one.');

/** The token a request carries, if it is shaped like one (anything else is not even looked up). */
export const followerTokenOf = (bearer: string | undefined, query: string | undefined) => {
  const token = bearer ?? query;
  return token && TOKEN.test(token) ? token : undefined;
};

const DELTA_WITHIN_MS = 15 * 60_000;
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/**
 * What a household follower token reads: each person the database lets it see (those it names that its
 * guardian still keeps), with their latest reading. 401 for an unknown or revoked token.
 */
export const readHouseholdFollow = async (
  db: Database,
  token: string | undefined,
  now = new Date(),
): Promise<HouseholdFollowResponse> => {
  if (!token) throw unauthorized();
  const found = await db.readAsSystem((tx) => findHouseholdFollowerByHash(tx, hashOf(token)));
  if (!found) throw unauthorized();
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= 5 * 60_000)
    await db.asSystem((tx) => touchHouseholdFollower(tx, found.id));
  const rows = await db.readAsFollowToken(found.id, selectFollowed);
  return {
    people: rows.map((r) => {
      const at = r.recorded_at === null ? null : new Date(r.recorded_at);
      const before = r.previous_at === null ? null : new Date(r.previous_at);
      const delta =
        at &&
        before &&
        r.value_mgdl !== null &&
        r.previous_mgdl !== null &&
        at.getTime() - before.getTime() <= DELTA_WITHIN_MS
          ? Math.round((r.value_mgdl - r.previous_mgdl) * 10) / 10
          : null;
      return {
        personId: r.user_id,
        displayName: r.display_name,
        glucoseUnit: r.glucose_unit === 'mmol/L' ? 'mmol/L' : 'mg/dL',
        reading:
          at && r.value_mgdl !== null
            ? {
                valueMgdl: r.value_mgdl,
                recordedAt: iso(at),
                trend: r.previous_mgdl === null ? null : glucoseTrend(r.value_mgdl, r.previous_mgdl),
                delta,
                direction: r.trend,
              }
            : null,
      };
    }),
    serverTime: now.toISOString(),
  };
};
