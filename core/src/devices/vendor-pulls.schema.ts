import { z } from 'zod';

/** The vendors' follower clouds Healthfolio pulls readings from; each is also the readings' source name. */
export const VENDOR_PULL_VENDORS = ['dexcom-share', 'librelinkup'] as const;
export type VendorPullVendor = (typeof VENDOR_PULL_VENDORS)[number];

/** Dexcom runs one Share service in the United States, one for the rest of the world, one in Japan. */
export const DEXCOM_REGIONS = ['us', 'ous', 'jp'] as const;
export type DexcomRegion = (typeof DEXCOM_REGIONS)[number];

const password = z
  .string()
  .min(1, 'Enter the password')
  .max(200, 'At most 200 characters')
  .refine((p) => p.trim() !== '', 'Enter the password');

/** The Dexcom account of the person wearing the sensor (the one sharing, not a follower's). */
export const DexcomShareConnectRequest = z.strictObject({
  accountName: z
    .string()
    .trim()
    .min(1, 'Enter your Dexcom user name, email or phone number')
    .max(200, 'At most 200 characters'),
  password,
  region: z.enum(DEXCOM_REGIONS, { error: 'Choose where your Dexcom account is' }),
});
export type DexcomShareConnectRequest = z.infer<typeof DexcomShareConnectRequest>;

/** A LibreLinkUp (follower) account that follows the person; its region is found at sign-in. */
export const LibreLinkUpConnectRequest = z.strictObject({
  accountName: z
    .string()
    .trim()
    .min(1, 'Enter the email of your LibreLinkUp account')
    .max(200, 'At most 200 characters')
    .pipe(z.email('Enter the email of your LibreLinkUp account')),
  password,
  /** Which followed person's readings, when the account follows several (the 409's `patients`). */
  patientId: z.string().trim().min(1).max(200).optional(),
});
export type LibreLinkUpConnectRequest = z.infer<typeof LibreLinkUpConnectRequest>;

/** The problem code of a LibreLinkUp connect that must say which followed person to pull. */
export const CHOOSE_PATIENT = 'choose_patient';

/** A person the LibreLinkUp account follows, as the 409 lists them: a name to tell them apart, nothing more. */
export const LibreLinkUpPatient = z.object({
  patientId: z.string(),
  firstName: z.string(),
  /** The last name's first letter only. */
  lastInitial: z.string(),
});
export type LibreLinkUpPatient = z.infer<typeof LibreLinkUpPatient>;

/**
 * Why the last pull failed, for the screen to word:
 * - `password_refused`: the vendor refused the account or password; pulls pause until it is changed.
 * - `locked`: too many attempts; the vendor locked sign-in for a while (retried at `nextSyncAt`).
 * - `terms`: LibreLinkUp wants new terms accepted in its app first.
 * - `no_connection`: the LibreLinkUp account follows nobody yet.
 * - `app_version`: LibreLinkUp retired the app version this server uses (the operator must update it).
 * - `region_refused`: LibreLinkUp sent the sign-in to an address that is not LibreLinkUp's.
 * - `unreachable`: the service did not answer; `bad_answer`: it answered something unexpected.
 */
export const VENDOR_PULL_PROBLEMS = [
  'password_refused',
  'locked',
  'terms',
  'no_connection',
  'app_version',
  'region_refused',
  'unreachable',
  'bad_answer',
] as const;
export type VendorPullProblem = (typeof VENDOR_PULL_PROBLEMS)[number];

export const VendorPullSourceResponse = z.object({
  vendor: z.enum(VENDOR_PULL_VENDORS),
  configured: z.boolean(),
  accountName: z.string().nullable(),
  /** Dexcom: the region chosen; LibreLinkUp: the region the service sent the account to, once known. */
  region: z.string().nullable(),
  status: z.enum(['pending', 'ok', 'error']).nullable(),
  problem: z.enum(VENDOR_PULL_PROBLEMS).nullable(),
  lastSyncAt: z.string().nullable(),
  /** The newest reading pulled so far. */
  lastReadingAt: z.string().nullable(),
  /** Readings new to Healthfolio in the last pull. */
  lastImported: z.number().nullable(),
  /** The next pull (after a failure, the retry); null while paused for a refused password. */
  nextSyncAt: z.string().nullable(),
  /** LibreLinkUp: whose readings it pulls, first name and last initial ("Robin S."); null when unknown. */
  patientName: z.string().nullable(),
});
export type VendorPullSourceResponse = z.infer<typeof VendorPullSourceResponse>;
