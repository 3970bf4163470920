import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { ProblemError } from '../../http/problem';
import { refused } from './file-inspection';

export interface IncomingUpload {
  fields: Record<string, string>;
  file?: { name: string; stream: Readable };
  /**
   * Drops the rest of a refused upload: reads at most DISCARD_BYTES more (a small remainder, so the
   * client is usually done sending when the answer comes), then stops reading. Answer with
   * `closingConnection` so the connection, with whatever is still unread, is closed.
   */
  discard(): void;
}

/** How much of a refused upload is still read (and dropped) before the server stops reading. */
export const DISCARD_BYTES = 1024 * 1024;

/** An upload that ended (or whose client went away) before its file and form did. */
export const incompleteUpload = () =>
  new ProblemError(
    400,
    'upload_incomplete',
    'The upload ended before the whole file arrived. Please try again.',
  );

/** The same problem, answered with `Connection: close` (the request body was not read to its end). */
export const closingConnection = (err: unknown) =>
  err instanceof ProblemError
    ? new ProblemError(err.status, err.code, err.detail, err.errors, { ...err.headers, connection: 'close' })
    : err;

/**
 * Reads a multipart upload as it arrives: the form fields (sent before the file), then the `file`
 * part as a stream that the caller consumes. Nothing is buffered beyond busboy's small windows.
 */
export const receiveUpload = (req: Request): Promise<IncomingUpload> =>
  new Promise((resolve, reject) => {
    const type = req.headers.get('content-type') ?? '';
    if (!/^multipart\/form-data/i.test(type) || !req.body) {
      reject(new ProblemError(415, 'unsupported_media_type', 'Send the document as multipart/form-data.'));
      return;
    }
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': type },
        defParamCharset: 'utf8',
        limits: { files: 1, fields: 8, fieldSize: 8 * 1024, parts: 10 },
      });
    } catch {
      reject(refused('The upload could not be read.'));
      return;
    }
    const body = Readable.fromWeb(req.body as WebReadableStream<Uint8Array>);
    let file: IncomingUpload['file'];
    let failFile = () => {};
    const discard = () => {
      file?.stream.unpipe();
      file?.stream.resume();
      let dropped = 0;
      body.on('data', (chunk: Buffer) => {
        dropped += chunk.length;
        if (dropped <= DISCARD_BYTES) return;
        body.unpipe(parser);
        body.pause();
      });
    };
    const fields: Record<string, string> = {};
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      // busboy fails a file part that ends early ("Unexpected end of file"); with nobody listening yet
      // that error ended the process. The caller reads a stream of ours, failed with a 400 instead.
      if (name !== 'file') {
        stream.on('error', () => {});
        stream.resume();
        return;
      }
      const out = new PassThrough();
      out.on('error', () => {}); // the caller's pipeline reports it; unread, it is only dropped
      // Failed on the next turn, once the caller (resolved just now) has attached its pipes: a stream
      // destroyed before anyone listened would leave them waiting for ever.
      const fail = () => setImmediate(() => out.destroy(incompleteUpload()));
      stream.on('error', fail);
      failFile = fail;
      stream.pipe(out);
      file = { name: info.filename ?? '', stream: out };
      resolve({ fields, file, discard });
    });
    parser.on('close', () => resolve({ fields, discard }));
    // "Unexpected end of form", a malformed part, or the client going away: a 400 however far it got.
    parser.on('error', () => {
      failFile();
      reject(refused('The upload could not be read.'));
    });
    body.on('error', () => parser.destroy(incompleteUpload()));
    body.pipe(parser);
  });
