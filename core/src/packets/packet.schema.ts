import { z } from 'zod';

/** What a pre-visit packet can hold (issue 15); the user's questions come with their own field. */
export const PACKET_CATEGORIES = ['glucose', 'blood_pressure', 'weight', 'medications', 'a1c'] as const;
export type PacketCategory = (typeof PACKET_CATEGORIES)[number];

export const PACKET_CATEGORY_LABELS: Record<PacketCategory, string> = {
  glucose: 'Glucose and insulin (AGP, metrics, basal and bolus)',
  blood_pressure: 'Blood pressure',
  weight: 'Weight',
  medications: 'Medications and adherence',
  a1c: 'Latest A1C',
};

/** In general mode the glucose part is named in plain words (no AGP, no basal and bolus). */
export const packetCategoryLabel = (category: PacketCategory, diabetes: boolean) =>
  category === 'glucose' && !diabetes ? 'Blood glucose' : PACKET_CATEGORY_LABELS[category];

export const PACKET_WINDOWS = [14, 30] as const;
export const PACKET_MAX_QUESTIONS = 10;
export const PACKET_QUESTION_MAX = 300;
/** Wrong passcodes a packet's link takes before it is dead for good. */
export const PACKET_MAX_ATTEMPTS = 10;
/** How long a packet's link works. */
export const PACKET_LINK_DAYS = 7;

export const PacketCreateRequest = z.strictObject({
  days: z.union([z.literal(14), z.literal(30)], { error: 'Choose 14 or 30 days' }),
  categories: z
    .array(z.enum(PACKET_CATEGORIES))
    .min(1, 'Choose at least one category')
    .max(PACKET_CATEGORIES.length)
    .refine((c) => new Set(c).size === c.length, 'Each category once'),
  questions: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A question cannot be empty')
        .max(PACKET_QUESTION_MAX, `A question has at most ${PACKET_QUESTION_MAX} characters`),
    )
    .max(PACKET_MAX_QUESTIONS, `At most ${PACKET_MAX_QUESTIONS} questions`)
    .default([]),
});
export type PacketCreateRequest = z.input<typeof PacketCreateRequest>;

export const PACKET_STATUSES = ['active', 'expired', 'revoked', 'locked'] as const;
export type PacketStatus = (typeof PACKET_STATUSES)[number];

export const PacketResponse = z.object({
  id: z.string().uuid(),
  days: z.number(),
  categories: z.array(z.enum(PACKET_CATEGORIES)),
  questionCount: z.number(),
  status: z.enum(PACKET_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When it was revoked (its expiry and passcode attempts no longer matter). */
  revokedAt: z.string().nullable(),
  attemptsLeft: z.number(),
  openedCount: z.number(),
  lastOpenedAt: z.string().nullable(),
});
export type PacketResponse = z.infer<typeof PacketResponse>;

export const PacketListResponse = z.object({ items: z.array(PacketResponse) });
export type PacketListResponse = z.infer<typeof PacketListResponse>;

/** Answered once, at creation: the link (with its key) and the passcode are never stored in clear. */
export const PacketCreatedResponse = z.object({
  packet: PacketResponse,
  link: z.string(),
  passcode: z.string(),
});
export type PacketCreatedResponse = z.infer<typeof PacketCreatedResponse>;

/** The SHL manifest request (POST to the payload's url). */
export const ShlManifestRequest = z.object({
  recipient: z.string().trim().min(1, 'Say who is opening the link').max(200),
  passcode: z.string().max(100).optional(),
  embeddedLengthMax: z.number().int().positive().optional(),
});
export type ShlManifestRequest = z.infer<typeof ShlManifestRequest>;

export const ShlManifestResponse = z.object({
  status: z.enum(['finalized', 'can-change', 'no-longer-valid']).optional(),
  files: z.array(
    z.object({
      contentType: z.string(),
      embedded: z.string().optional(),
      location: z.string().optional(),
    }),
  ),
});
export type ShlManifestResponse = z.infer<typeof ShlManifestResponse>;

/** Spec: a wrong passcode answers 401 with the attempts left. */
export const ShlPasscodeResponse = z.object({ remainingAttempts: z.number() });

/** The FHIR content type of the packet's one file: a DocumentReference carrying the PDF. */
export const SHL_PACKET_CONTENT_TYPE = 'application/fhir+json;fhirVersion=4.0.1';
