import { SHL_PACKET_CONTENT_TYPE } from '@healthfolio/core/packets/packet.schema';
import { base64UrlToBytes, type ShlinkPayload } from '@healthfolio/core/packets/shlink';

export type ManifestOutcome =
  | { kind: 'ok'; pdf: Blob }
  | { kind: 'wrong_passcode'; remainingAttempts: number }
  | { kind: 'invalid' }
  | { kind: 'unreadable' };

interface ManifestFile {
  contentType: string;
  embedded?: string;
  location?: string;
}

/** The PDF inside one decrypted SHL file: a PDF itself, or a FHIR DocumentReference carrying one. */
const pdfOf = (contentType: string, plaintext: Uint8Array): Blob | null => {
  if (contentType.startsWith('application/pdf'))
    return new Blob([new Uint8Array(plaintext)], { type: 'application/pdf' });
  if (!contentType.startsWith(SHL_PACKET_CONTENT_TYPE.split(';')[0]!)) return null;
  const resource = JSON.parse(new TextDecoder().decode(plaintext)) as {
    content?: { attachment?: { contentType?: string; data?: string } }[];
  };
  const attachment = resource.content?.find(
    (c) => c.attachment?.contentType === 'application/pdf',
  )?.attachment;
  return attachment?.data ? new Blob([base64UrlToBytes(attachment.data)], { type: 'application/pdf' }) : null;
};

/**
 * The SHL manifest request, then each file decrypted in this browser with the key from the link's
 * fragment (it never reaches a server). `jose` loads only here.
 */
export async function openShl(
  payload: ShlinkPayload,
  passcode: string,
  recipient: string,
): Promise<ManifestOutcome> {
  const res = await fetch(payload.url, {
    method: 'POST',
    credentials: 'omit',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ recipient, passcode }),
  });
  if (res.status === 401) {
    const body = (await res.json().catch(() => ({}))) as { remainingAttempts?: number };
    return { kind: 'wrong_passcode', remainingAttempts: body.remainingAttempts ?? 0 };
  }
  if (res.status === 404) return { kind: 'invalid' };
  if (!res.ok) throw new Error(`The server answered ${res.status}.`);
  const manifest = (await res.json()) as { files?: ManifestFile[] };
  const { compactDecrypt } = await import('jose');
  const key = base64UrlToBytes(payload.key);
  for (const file of manifest.files ?? []) {
    const jwe = file.embedded ?? (file.location ? await (await fetch(file.location)).text() : null);
    if (!jwe) continue;
    const { plaintext, protectedHeader } = await compactDecrypt(jwe, key);
    const pdf = pdfOf(String(protectedHeader.cty ?? file.contentType), plaintext);
    if (pdf) return { kind: 'ok', pdf };
  }
  return { kind: 'unreadable' };
}
