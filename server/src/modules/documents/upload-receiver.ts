import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { ProblemError } from '../../http/problem';
import { refused } from './file-inspection';

export interface IncomingUpload {
  fields: Record<string, string>;
  file?: { name: string; stream: Readable };
}

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
    const fields: Record<string, string> = {};
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return;
      }
      resolve({ fields, file: { name: info.filename ?? '', stream } });
    });
    parser.on('close', () => resolve({ fields }));
    parser.on('error', () => reject(refused('The upload could not be read.')));
    const body = Readable.fromWeb(req.body as WebReadableStream<Uint8Array>);
    body.on('error', (err) => parser.destroy(err));
    body.pipe(parser);
  });
