import { z } from 'zod';

/** A label for an upload credential, so the user knows which phone or app it was given to. */
export const NsCredentialCreateRequest = z.strictObject({
  name: z.string().trim().min(1, 'Enter a name for this credential').max(60, 'At most 60 characters'),
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
