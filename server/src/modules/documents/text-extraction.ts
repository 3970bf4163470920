import { type Limits, runLimited, siblingModule } from '../../untrusted/run-limited';
import type { TextParserInput } from './text-parser';

/** One document's reading: its memory (the whole child process) and its time, OCR included. */
export const EXTRACTION_LIMITS: Limits = { memoryMb: 768, timeMs: 120_000 };

const parser = siblingModule(import.meta.url, './text-parser');

/**
 * The words in a stored file (see text-parser.ts), read in a child process with memory and time
 * limits, so a hostile file cannot stall or crash the server. Fails with a `LimitedRunError`
 * (`memory_limit`, `time_limit`, `too_large`, `crashed`, `parse_failed`).
 */
export const extractText = (fileType: string, bytes: Buffer, limits = EXTRACTION_LIMITS) =>
  runLimited<TextParserInput, string | null>(
    parser,
    { fileType, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    limits,
  );
