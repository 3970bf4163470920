import { z } from 'zod';
import { text } from '../http/text';

/** A follower token names who follows (a parent's LoopFollow, a partner's watch), so each can be revoked alone. */
export const NsFollowerCreateRequest = z.strictObject({
  name: text().trim().min(1, 'Enter who this is for').max(60, 'At most 60 characters'),
});
export type NsFollowerCreateRequest = z.infer<typeof NsFollowerCreateRequest>;

export const NsFollowerResponse = z.object({
  id: z.string().uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type NsFollowerResponse = z.infer<typeof NsFollowerResponse>;

export const NsFollowerListResponse = z.object({
  items: z.array(NsFollowerResponse),
  /** The address follower apps are given: the site's root (LoopFollow and xDrip+ keep only the host). */
  siteUrl: z.string(),
});
export type NsFollowerListResponse = z.infer<typeof NsFollowerListResponse>;

/** Answered once, when the token is made: the token is never shown again. */
export const NsFollowerCreatedResponse = NsFollowerResponse.extend({
  token: z.string(),
  siteUrl: z.string(),
  /** The address with the token, for apps that take one field (Nightguard, watch faces). */
  urlWithToken: z.string(),
  /** xDrip+ follower's "Nightscout Follow URL": https://TOKEN@host */
  xdripUrl: z.string(),
});
export type NsFollowerCreatedResponse = z.infer<typeof NsFollowerCreatedResponse>;

/** At most this many follower tokens per person. */
export const NS_FOLLOWERS_MAX = 20;
