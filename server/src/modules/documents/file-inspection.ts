import { Readable, Transform, type TransformCallback } from 'node:stream';
import { type AllowedExtension, MIME_BY_EXTENSION, uploadLimitMessage } from '@healthfolio/core';
import { fileTypeFromBuffer } from 'file-type';
import { ProblemError } from '../../http/problem';

/** Enough of the file for file-type to tell a .docx from any other zip. */
export const SNIFF_BYTES = 64 * 1024;

export const tooLarge = (limit: number) =>
  new ProblemError(413, 'payload_too_large', uploadLimitMessage(limit));

export const refused = (detail: string) => new ProblemError(400, 'file_rejected', detail);

/** Counts the bytes going through and fails the stream as soon as they pass `limit`. */
export const byteLimit = (limit: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) done(tooLarge(limit));
      else done(null, chunk);
    },
  });
};

/** The first `n` bytes, and a stream of the whole file (those bytes, then the rest). */
export const peek = async (stream: Readable, n: number) => {
  const it = stream[Symbol.asyncIterator]();
  const parts: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < n) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      break;
    }
    parts.push(r.value as Buffer);
    length += (r.value as Buffer).length;
  }
  const head = Buffer.concat(parts);
  async function* whole() {
    if (head.length) yield head;
    if (ended) return;
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      yield r.value as Buffer;
    }
  }
  return { head, stream: Readable.from(whole(), { objectMode: false }) };
};

// What file-type calls each allowed kind (a .doc is an OLE compound file).
const SNIFFED: Record<AllowedExtension, string[]> = {
  pdf: ['pdf'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  doc: ['cfb'],
  docx: ['docx'],
};

/**
 * The bytes must be what the extension says: an HTML page, SVG, script or executable renamed to
 * .jpg or .pdf is refused here, whatever type the browser claimed. Returns the MIME type to store.
 */
export const checkContent = async (ext: AllowedExtension, head: Buffer) => {
  if (head.length === 0) throw refused('The file is empty.');
  const found = await fileTypeFromBuffer(head);
  if (!found || !SNIFFED[ext].includes(found.ext))
    throw refused(
      `The file's contents are not a valid .${ext} file${found ? ` (they look like .${found.ext})` : ''}.`,
    );
  return MIME_BY_EXTENSION[ext];
};

/**
 * What a file from elsewhere (an imported record's attachment) is, by its bytes: the MIME type the
 * vault stores for it, or null for a kind the vault does not keep, whatever type it was said to be.
 */
export const vaultTypeOf = async (head: Buffer): Promise<string | null> => {
  const found = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  const ext = (Object.keys(SNIFFED) as AllowedExtension[]).find(
    (e) => found && SNIFFED[e].includes(found.ext),
  );
  return ext ? MIME_BY_EXTENSION[ext] : null;
};

/** Remembers the last bytes that went through (a PDF must end with its %%EOF marker). */
export const tailKeeper = (size = 1024) => {
  let tail = Buffer.alloc(0);
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      tail = Buffer.concat([tail, chunk]);
      if (tail.length > size) tail = tail.subarray(tail.length - size);
      done(null, chunk);
    },
  });
  return { stream, tail: () => tail };
};
