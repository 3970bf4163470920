import { z } from 'zod';
import { text } from '../http/text';
import { LocalDate } from '../notifications/wall-clock';
import { DOCUMENT_CATEGORIES, DOCUMENT_SORTS } from './document-categories';
import { EXTRACTION_FAILURES, EXTRACTION_STATES, MISSING_INFORMATION_MESSAGE } from './document-texts';

export * from './document-categories';
export * from './document-files';
export * from './document-texts';

export const DocumentCategory = z.enum(DOCUMENT_CATEGORIES, { error: MISSING_INFORMATION_MESSAGE });
export type DocumentCategory = z.infer<typeof DocumentCategory>;

const required = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

const description = text()
  .trim()
  .max(2000, 'At most 2000 characters')
  .nullish()
  .transform((v) => v || null);

const title = required(
  text({ error: MISSING_INFORMATION_MESSAGE }).trim().max(200, 'At most 200 characters'),
);

/** The form fields sent with an uploaded file (multipart, before the file). */
export const DocumentUploadFields = z.object({
  title,
  category: required(DocumentCategory),
  /** Defaults to today (the server's UTC date when omitted). */
  date: z.preprocess((v) => (v === '' ? undefined : v), LocalDate.optional()),
  description,
});
export type DocumentUploadFields = z.infer<typeof DocumentUploadFields>;

export const DocumentUpdateRequest = z
  .object({ title, category: DocumentCategory, date: LocalDate, description })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type DocumentUpdateRequest = z.infer<typeof DocumentUpdateRequest>;

/** Text extraction for search: waiting, running, finished, or given up after retries. */
export const ExtractionState = z.enum(EXTRACTION_STATES);
export type ExtractionState = z.infer<typeof ExtractionState>;

/** Why reading the text gave up (the file itself stays stored and usable). */
export const ExtractionFailure = z.enum(EXTRACTION_FAILURES);
export type ExtractionFailure = z.infer<typeof ExtractionFailure>;

export const DocumentResponse = z.object({
  id: z.string().uuid(),
  title: z.string(),
  category: z.string(),
  date: z.string(),
  description: z.string().nullable(),
  fileName: z.string(),
  fileSize: z.number().int(),
  fileType: z.string(),
  uploadedAt: z.string(),
  extraction: ExtractionState,
  /** Words were read from the file (so a search finds them); false until then, and for a file with none. */
  textFound: z.boolean(),
  /** Set when `extraction` is `failed`. */
  extractionFailure: ExtractionFailure.nullable(),
  viewable: z.boolean(),
});
export type DocumentResponse = z.infer<typeof DocumentResponse>;

export const DocumentListQuery = z.object({
  q: text().trim().max(200).optional(),
  sort: z.enum(DOCUMENT_SORTS).default('newest'),
  /** A card's slug ("lab-results"), or "repository" for the unsorted files. */
  card: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
});
export type DocumentListQuery = z.infer<typeof DocumentListQuery>;

export const DocumentListResponse = z.object({ items: z.array(DocumentResponse) });
export type DocumentListResponse = z.infer<typeof DocumentListResponse>;
