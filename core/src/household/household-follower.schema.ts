import { z } from 'zod';
import { text } from '../http/text';
import { LatestReading } from './household.schema';

/** At most this many household follower tokens per account. */
export const HOUSEHOLD_FOLLOWERS_MAX = 20;

/**
 * A household follower token (a grandparent's phone, a school nurse's tablet) follows the people it
 * names: some of the people you keep, or you too; without `personIds`, your whole household, now and
 * later. It reads only their latest readings and never writes.
 */
export const HouseholdFollowerCreateRequest = z.strictObject({
  name: text().trim().min(1, 'Enter who this is for').max(60, 'At most 60 characters'),
  personIds: z
    .array(z.string().uuid())
    .min(1, 'Choose at least one person')
    .max(11)
    .refine((ids) => new Set(ids).size === ids.length, 'Each person once')
    .optional(),
});
export type HouseholdFollowerCreateRequest = z.infer<typeof HouseholdFollowerCreateRequest>;

export const HouseholdFollower = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** Who it follows; null: the whole household, people added later included. */
  people: z.array(z.object({ personId: z.string().uuid(), displayName: z.string() })).nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type HouseholdFollower = z.infer<typeof HouseholdFollower>;

export const HouseholdFollowerListResponse = z.object({
  items: z.array(HouseholdFollower),
  /** The address the follower app reads, with the token as `Authorization: Bearer` or `?token=`. */
  followUrl: z.string(),
});
export type HouseholdFollowerListResponse = z.infer<typeof HouseholdFollowerListResponse>;

/** Answered once, when the token is made: the token is never shown again. */
export const HouseholdFollowerCreatedResponse = HouseholdFollower.extend({
  token: z.string(),
  followUrl: z.string(),
});
export type HouseholdFollowerCreatedResponse = z.infer<typeof HouseholdFollowerCreatedResponse>;

/** What a household follower token reads: each person it follows, with their latest reading. */
export const HouseholdFollowResponse = z.object({
  people: z.array(
    z.object({
      personId: z.string().uuid(),
      displayName: z.string(),
      glucoseUnit: z.enum(['mg/dL', 'mmol/L']),
      reading: LatestReading.extend({
        /** mg/dL since the reading before, when that one is at most 15 minutes older; else null. */
        delta: z.number().nullable(),
        /** The sensor's arrow in Nightscout's words (`Flat`, `FortyFiveUp`…) when one came with it. */
        direction: z.string().nullable(),
      }).nullable(),
    }),
  ),
  serverTime: z.string(),
});
export type HouseholdFollowResponse = z.infer<typeof HouseholdFollowResponse>;
