import type { Readable } from 'node:stream';
import { sanitizeFileName } from '@healthfolio/core';
import { ProblemError } from '../../http/problem';
import { LimitedRunError, type Limits, runLimited, siblingModule } from '../../untrusted/run-limited';
import type { PlatformSettingsStore } from '../admin/platform-settings.store';
import { byteLimit, tooLarge } from '../documents/file-inspection';
import { uploadLimitBytes } from '../documents/upload-limit';
import { closingConnection, receiveUpload } from '../documents/upload-receiver';
import type { ImportPlan } from './import-plan';
import { MALFORMED, NOT_A_RECORD, SEVERAL_PATIENTS } from './read-resources';
import type { RecordParserInput } from './record-parser';

/** One record file's reading: the whole child process's memory and its time. */
export const RECORD_PARSE_LIMITS: Limits = { memoryMb: 768, timeMs: 60_000 };
const parser = siblingModule(import.meta.url, './record-parser');
const MULTIPART_SLACK = 64 * 1024;

export interface ReceivedRecord {
  bytes: Buffer;
  fileName: string;
}

const readAll = async (stream: Readable, limit: number) => {
  const parts: Buffer[] = [];
  for await (const chunk of stream.pipe(byteLimit(limit))) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};

/** The file of a multipart upload (`file`), within the upload limit of the documents vault. */
export const receiveRecord = async (
  settings: Pick<PlatformSettingsStore, 'maxFileSizeBytes'>,
  req: Request,
): Promise<ReceivedRecord> => {
  const limit = await uploadLimitBytes(settings);
  if (Number(req.headers.get('content-length') ?? 0) > limit + MULTIPART_SLACK)
    throw closingConnection(tooLarge(limit));
  const { file, discard } = await receiveUpload(req);
  if (!file) {
    discard();
    throw closingConnection(
      new ProblemError(400, 'validation_failed', 'Choose a file to import.', [
        { path: 'file', message: 'Choose a file to import.' },
      ]),
    );
  }
  try {
    return { bytes: await readAll(file.stream, limit), fileName: sanitizeFileName(file.name) };
  } catch (err) {
    discard();
    throw closingConnection(err);
  }
};

const PROBLEMS: Record<string, (message?: string) => ProblemError> = {
  [NOT_A_RECORD]: (m) => new ProblemError(415, 'not_a_record', m ?? NOT_A_RECORD),
  [MALFORMED]: (m) => new ProblemError(400, 'record_malformed', m ?? MALFORMED),
  [SEVERAL_PATIENTS]: (m) => new ProblemError(422, 'several_patients', m ?? SEVERAL_PATIENTS),
  memory_limit: () =>
    new ProblemError(413, 'record_too_complex', 'This record is too large to read. Try a smaller export.'),
  time_limit: () =>
    new ProblemError(413, 'record_too_complex', 'This record took too long to read. Try a smaller export.'),
};

/**
 * What the file holds, read in a child process with memory and time limits; a refusal as a problem.
 * `ward`: the ward's name while a guardian imports for them (the reasons of what is not imported name
 * them), null for the account's own record.
 */
export const readRecord = async (
  bytes: Buffer,
  { ward = null, limits = RECORD_PARSE_LIMITS }: { ward?: string | null; limits?: Limits } = {},
): Promise<ImportPlan> => {
  try {
    return await runLimited<RecordParserInput, ImportPlan>(
      parser,
      { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), ward },
      limits,
    );
  } catch (err) {
    if (err instanceof LimitedRunError && PROBLEMS[err.code]) throw PROBLEMS[err.code]!(err.message);
    throw new ProblemError(400, 'record_malformed', 'The file could not be read as a health record.');
  }
};
