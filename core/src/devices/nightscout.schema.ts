import { z } from 'zod';
import { text } from '../http/text';

/** A label for an upload credential, so the user knows which phone or app it was given to. */
export const NsCredentialCreateRequest = z.strictObject({
  name: text().trim().min(1, 'Enter a name for this credential').max(60, 'At most 60 characters'),
});
export type NsCredentialCreateRequest = z.infer<typeof NsCredentialCreateRequest>;

export const NsCredentialResponse = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** The Nightscout base URL the app is given (without the secret). */
  baseUrl: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type NsCredentialResponse = z.infer<typeof NsCredentialResponse>;

export const NsCredentialListResponse = z.object({ items: z.array(NsCredentialResponse) });
export type NsCredentialListResponse = z.infer<typeof NsCredentialListResponse>;

/** Answered once, when the credential is created: the secret is never shown again. */
export const NsCredentialCreatedResponse = NsCredentialResponse.extend({
  secret: z.string(),
  /** xDrip+'s "Base URL" form: https://SECRET@host/ns/{slug}/api/v1/ */
  xdripUrl: z.string(),
});
export type NsCredentialCreatedResponse = z.infer<typeof NsCredentialCreatedResponse>;

/** At most this many upload credentials a user (one per phone or app is plenty). */
export const NS_CREDENTIALS_MAX = 10;

/** Your own Nightscout site to pull readings from. */
export const NightscoutSourceRequest = z.strictObject({
  siteUrl: z
    .string()
    .trim()
    .max(300)
    .pipe(
      z.url({
        protocol: /^https?$/,
        error: 'Enter the address of your Nightscout site (http:// or https://)',
      }),
    ),
  credentialKind: z.enum(['token', 'api_secret']),
  credential: z.string().trim().min(1, 'Enter a read token or the API secret').max(200),
});
export type NightscoutSourceRequest = z.infer<typeof NightscoutSourceRequest>;

export const NIGHTSCOUT_SYNC_STATUSES = ['pending', 'ok', 'error'] as const;

export const NightscoutSourceResponse = z.object({
  configured: z.boolean(),
  siteUrl: z.string().nullable(),
  credentialKind: z.enum(['token', 'api_secret']).nullable(),
  status: z.enum(NIGHTSCOUT_SYNC_STATUSES).nullable(),
  /** Why the last pull failed, in words for the user (never the site's own answer). */
  lastError: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  lastReadingAt: z.string().nullable(),
  /** Readings new to Healthfolio in the last pull. */
  lastImported: z.number().nullable(),
  nextSyncAt: z.string().nullable(),
});
export type NightscoutSourceResponse = z.infer<typeof NightscoutSourceResponse>;
