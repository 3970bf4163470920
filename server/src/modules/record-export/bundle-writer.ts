import type { Readable } from 'node:stream';
import type { FileStorage } from '../../storage/file-storage';
import { ATTACHMENT_DATA_SLOT } from './fhir/documents';
import type { ExportItem } from './record-export.data';

/** The slot as JSON.stringify writes it (the NULs escaped), between its quotes. */
const SLOT_JSON = JSON.stringify(ATTACHMENT_DATA_SLOT).slice(1, -1);

/** A stored file as base64 text, chunk by chunk (each chunk a whole number of 3-byte groups). */
async function* base64Of(stream: Readable): AsyncGenerator<string> {
  let rest = Buffer.alloc(0);
  for await (const chunk of stream) {
    const bytes = Buffer.concat([rest, chunk as Buffer]);
    const whole = bytes.length - (bytes.length % 3);
    if (whole > 0) yield bytes.subarray(0, whole).toString('base64');
    rest = bytes.subarray(whole);
  }
  if (rest.length) yield rest.toString('base64');
}

/**
 * The bundle as JSON text, streamed: a `collection` Bundle whose entries come one by one from the
 * record's sections, and a document's file streamed as base64 where its resource leaves the slot.
 * `counted` is told how many resources were written once the last one is.
 */
export async function* bundleJson(
  items: AsyncIterable<ExportItem>,
  storage: FileStorage,
  meta: { id: string; timestamp: string },
  counted: (resources: number) => void,
): AsyncGenerator<string> {
  yield `{"resourceType":"Bundle","id":${JSON.stringify(meta.id)},"type":"collection","timestamp":${JSON.stringify(meta.timestamp)},"entry":[`;
  let n = 0;
  for await (const item of items) {
    const entry = JSON.stringify({ fullUrl: `urn:uuid:${item.resource.id}`, resource: item.resource });
    const prefix = n === 0 ? '' : ',';
    n++;
    if (!item.file) {
      yield prefix + entry;
      continue;
    }
    const at = entry.indexOf(SLOT_JSON);
    yield prefix + entry.slice(0, at);
    yield* base64Of(await storage.get(item.file.storageId, { sha256: item.file.sha256 }));
    yield entry.slice(at + SLOT_JSON.length);
  }
  yield ']}';
  counted(n);
}
