// The documents' words and enumerations without zod, so the documents screen loads them without the
// schemas (web/scripts/check-first-load.mjs); document.schema.ts re-exports them.

export const MISSING_INFORMATION_TITLE = 'Missing Information';
export const MISSING_INFORMATION_MESSAGE = 'Please select a file, enter a title, and choose a category.';

/** Text extraction for search: waiting, running, finished, or given up after retries. */
export const EXTRACTION_STATES = ['queued', 'reading', 'done', 'failed'] as const;

export const EXTRACTION_LABELS: Record<ExtractionState, string> = {
  queued: 'Waiting to be read',
  reading: 'Reading text…',
  done: 'Text searchable',
  failed: 'Text could not be read',
};

/**
 * The badge: "Text searchable" only when words were read from the file. A picture with no words in
 * it (or a Word file, whose inside is not read) is finished but has no text to search.
 */
export const extractionLabel = (state: ExtractionState, textFound: boolean) =>
  state === 'done' && !textFound ? 'No searchable text' : EXTRACTION_LABELS[state];

/** Why reading the text gave up (the file itself stays stored and usable). */
export const EXTRACTION_FAILURES = ['too_large', 'too_slow', 'unreadable'] as const;

/** Said on the document's screen after "We couldn't read the text of this file; the file itself is fine." */
export const EXTRACTION_FAILURE_REASONS: Record<ExtractionFailure, string> = {
  too_large: 'It has too much inside it (or a page too large) to be read safely.',
  too_slow: 'Reading it took too long.',
  unreadable: 'Its contents could not be read.',
};

export type ExtractionState = (typeof EXTRACTION_STATES)[number];
export type ExtractionFailure = (typeof EXTRACTION_FAILURES)[number];
