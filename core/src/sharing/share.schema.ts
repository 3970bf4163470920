import { z } from 'zod';
import { AppointmentResponse } from '../appointments/appointment.schema';
import { GlucoseSeriesResponse } from '../glucose/glucose.schema';
import { LabResultResponse } from '../labs/lab-result.schema';
import { DoseResponse } from '../notifications/medication-schedule';
import { EntryResponse } from '../trackers/entry.schema';
import {
  ACCESS_LEVELS,
  DEFAULT_SHARE_CATEGORIES,
  DEFAULT_SHARE_EXPIRY_DAYS,
  SHARE_CATEGORIES,
  SHARE_EXPIRY_DAYS,
  SHARE_STATUSES,
} from './share-rules';

export * from './share-rules';

export const ShareCategory = z.enum(SHARE_CATEGORIES);
export type ShareCategory = z.infer<typeof ShareCategory>;
export const AccessLevel = z.enum(ACCESS_LEVELS);
export type AccessLevel = z.infer<typeof AccessLevel>;
export const ShareStatusSchema = z.enum(SHARE_STATUSES);

export const SHARE_EMAIL_REQUIRED = 'Email is required';
export const SHARE_CATEGORY_REQUIRED = 'Select at least one data category';

/** 7, 30, 90 or 365 days, or null for never. */
export const ShareExpiry = z.union(
  [...SHARE_EXPIRY_DAYS.map((d) => z.literal(d)), z.null()] as unknown as [z.ZodLiteral<number>, z.ZodNull],
  { error: 'Choose 7, 30, 90 or 365 days, or never' },
);

const categories = z
  .array(ShareCategory)
  .min(1, SHARE_CATEGORY_REQUIRED)
  .max(SHARE_CATEGORIES.length)
  .refine((c) => new Set(c).size === c.length, 'Each category once');

/**
 * Live shares (not revoked, not expired) a user may have at once. (Invitations are also limited per
 * hour and per day: SHARE_INVITATIONS_PER_HOUR / _PER_DAY, server/src/config.ts.)
 */
export const LIVE_SHARES_MAX = 50;

export const ShareCreateRequest = z.strictObject({
  email: z.string().trim().min(1, SHARE_EMAIL_REQUIRED).max(254).pipe(z.email('Enter a valid email address')),
  name: z.string().trim().max(120).optional(),
  message: z.string().trim().max(1000).optional(),
  accessType: AccessLevel.default('view_only'),
  expiresInDays: ShareExpiry.default(DEFAULT_SHARE_EXPIRY_DAYS),
  categories: categories.default(DEFAULT_SHARE_CATEGORIES),
  /** The caregiver must sign in with the invited address; the share then binds to that account. */
  requireSignIn: z.boolean().default(false),
  /** They get the low-glucose follow-up's urgent alert (email, and live when they have an account). */
  alertOnLow: z.boolean().default(false),
});
export type ShareCreateRequest = z.input<typeof ShareCreateRequest>;

/** Manage Permissions: categories, level and expiry (from now). */
export const ShareUpdateRequest = z
  .strictObject({
    accessType: AccessLevel.optional(),
    expiresInDays: ShareExpiry.optional(),
    categories: categories.optional(),
    alertOnLow: z.boolean().optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), 'Change at least one setting');
export type ShareUpdateRequest = z.input<typeof ShareUpdateRequest>;

export const ShareResponse = z.object({
  id: z.string().uuid(),
  sharedWithEmail: z.string(),
  sharedWithName: z.string().nullable(),
  accessType: AccessLevel,
  categories: z.array(ShareCategory),
  message: z.string().nullable(),
  status: ShareStatusSchema,
  requireSignIn: z.boolean(),
  alertOnLow: z.boolean(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  lastAccessedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ShareResponse = z.infer<typeof ShareResponse>;

export const ShareListResponse = z.object({ items: z.array(ShareResponse) });
export type ShareListResponse = z.infer<typeof ShareListResponse>;

/** The creation answer: the link is in it (and in the email); only its hash is used to find the share. */
export const ShareCreatedResponse = ShareResponse.extend({
  link: z.string(),
  emailed: z.boolean(),
});
export type ShareCreatedResponse = z.infer<typeof ShareCreatedResponse>;

export const ShareLinkResponse = z.object({ link: z.string() });

export const ShareAccessLogResponse = z.object({
  items: z.array(
    z.object({
      at: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
      /** The browser by name ("Chrome on Linux"); the raw header is never shown to a person. */
      device: z.string().nullable(),
      viewed: z.string(),
    }),
  ),
});
export type ShareAccessLogResponse = z.infer<typeof ShareAccessLogResponse>;

export const SHARE_LINK_INVALID = 'This link is not valid';

/** What a caregiver's link opens: whose data, in which unit, and which categories. */
export const SharedOverviewResponse = z.object({
  ownerName: z.string(),
  glucoseUnit: z.enum(['mg/dL', 'mmol/L']),
  timeZone: z.string(),
  accessType: AccessLevel,
  historyDays: z.number().int().nullable(),
  categories: z.array(ShareCategory),
  expiresAt: z.string().nullable(),
});
export type SharedOverviewResponse = z.infer<typeof SharedOverviewResponse>;

export const SharedHealthResponse = z.object({
  /** Newest first, per tracker of the category (blood glucose logs included). */
  entries: z.array(EntryResponse),
  /** The glucose trend over the access level's window (at most 90 days), in mg/dL. */
  glucose: GlucoseSeriesResponse,
});
export type SharedHealthResponse = z.infer<typeof SharedHealthResponse>;

export const SharedMedicationsResponse = z.object({
  doses: z.array(DoseResponse),
  entries: z.array(EntryResponse),
  /** Doses in the window by status. */
  adherence: z.object({ taken: z.number(), skipped: z.number(), overdue: z.number(), pending: z.number() }),
});
export type SharedMedicationsResponse = z.infer<typeof SharedMedicationsResponse>;

export const SharedAppointmentsResponse = z.object({ items: z.array(AppointmentResponse) });
export type SharedAppointmentsResponse = z.infer<typeof SharedAppointmentsResponse>;

/** A document a caregiver may open: `viewable` ones (PDF, images) open in the browser, all download. */
export const SharedDocumentItem = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  uploadedAt: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  viewable: z.boolean(),
});
export type SharedDocumentItem = z.infer<typeof SharedDocumentItem>;

/** Lab results (A1C included), and the documents whose category is a lab category (LAB_DOCUMENT_CATEGORIES). */
export const SharedLabResultsResponse = z.object({
  results: z.array(LabResultResponse),
  documents: z.array(SharedDocumentItem),
});
export type SharedLabResultsResponse = z.infer<typeof SharedLabResultsResponse>;

/** The owner's documents in the share's history window, newest first. */
export const SharedDocumentsResponse = z.object({ items: z.array(SharedDocumentItem) });
export type SharedDocumentsResponse = z.infer<typeof SharedDocumentsResponse>;

/** The caregiver's own list: shares bound to their account. */
export const SharedWithMeResponse = z.object({
  items: z.array(
    z.object({
      id: z.string().uuid(),
      ownerName: z.string(),
      categories: z.array(ShareCategory),
      accessType: AccessLevel,
      expiresAt: z.string().nullable(),
      status: ShareStatusSchema,
      /** Null once the share is revoked or expired. */
      link: z.string().nullable(),
    }),
  ),
});
export type SharedWithMeResponse = z.infer<typeof SharedWithMeResponse>;
