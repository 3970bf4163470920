/**
 * A request body as text, read only once the caller is authenticated and never past `maxBytes`: a
 * declared Content-Length over the limit is refused before a byte is read, and a chunked body is cut
 * off (and the rest left unread) as soon as it passes the limit. hono's `bodyLimit` middleware reads a
 * chunked body whole before the route runs, so doors that check a credential first read it here.
 */
export type LimitedBody = { ok: true; text: string } | { ok: false };

/** True when the request announces more than `maxBytes` (nothing is read to tell). */
export const announcedOver = (req: Request, maxBytes: number) => {
  const declared = req.headers.get('content-length');
  return declared !== null && !req.headers.has('transfer-encoding') && Number(declared) > maxBytes;
};

export const readTextWithin = async (req: Request, maxBytes: number): Promise<LimitedBody> => {
  if (announcedOver(req, maxBytes)) return { ok: false };
  if (!req.body) return { ok: true, text: '' };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false };
    }
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks, size).toString('utf8') };
};
