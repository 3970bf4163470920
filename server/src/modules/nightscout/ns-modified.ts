import type { Context } from 'hono';

type Doc = Record<string, unknown>;

const timeOf = (d: Doc, kind: 'entries' | 'treatments' | string) => {
  if (kind === 'entries') {
    const ms = typeof d.mills === 'number' ? d.mills : d.date;
    return typeof ms === 'number' && Number.isFinite(ms) ? ms : null;
  }
  const at = d.created_at ?? d.timestamp;
  const ms = typeof at === 'string' ? Date.parse(at) : typeof at === 'number' ? at : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
};

/**
 * Nightscout's `Last-Modified` on entries and treatments (lib/api/entries `format_entries`,
 * lib/api/treatments `serveTreatments`): the newest document's time, and a 304 when the client's
 * `If-Modified-Since` is at or after it. Answers the 304, or null after setting the header (other
 * collections, and an answer without documents, get neither).
 */
export const lastModified = (c: Context, docs: Doc[], kind: string) => {
  if (kind !== 'entries' && kind !== 'treatments') return null;
  let newest: number | null = null;
  for (const d of docs) {
    const ms = timeOf(d, kind);
    if (ms !== null && (newest === null || ms > newest)) newest = ms;
  }
  if (newest === null) return null;
  const stamp = new Date(newest).toUTCString();
  c.header('Last-Modified', stamp);
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  if (Number.isFinite(since) && newest <= since) return c.body(null, 304, { 'Last-Modified': stamp });
  return null;
};
