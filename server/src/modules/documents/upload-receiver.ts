import { Readable } from 'node:stream';
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
      if (name !== 'file') {
        stream.resume();
        return;
      }
      file = { name: info.filename ?? '', stream };
      resolve({ fields, file, discard });
    });
    parser.on('close', () => resolve({ fields, discard }));
    parser.on('error', () => reject(refused('The upload could not be read.')));
    body.on('error', (err) => parser.destroy(err));
    body.pipe(parser);
  });
