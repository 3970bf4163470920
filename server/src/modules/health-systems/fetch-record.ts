import { DOCUMENT_CATEGORIES } from '@healthfolio/core/documents/document-categories';
import { PATIENT_SEARCHES, SMART_LIMITS, type SmartClient } from './smart-client';

/** Pages read per search at most (each up to SMART_LIMITS.pageBytes): a runaway `next` chain stops. */
export const PAGE_LIMIT = 100;

export class SyncProblem extends Error {
  constructor(readonly problem: 'refresh_refused' | 'unreachable' | 'bad_answer' | 'not_allowed') {
    super(problem);
  }
}

type Resource = Record<string, unknown> & { resourceType: string };
const isResource = (v: unknown): v is Resource =>
  typeof v === 'object' && v !== null && typeof (v as { resourceType?: unknown }).resourceType === 'string';

export interface RecordReader {
  smart: SmartClient;
  fhirBaseUrl: string;
  patientId: string;
  kind: string;
  /** `_lastUpdated=gt` this instant, for an incremental sync; null reads everything. */
  since: Date | null;
  /** A GET with a live access token (refreshed once on a 401 by the caller's `token`). */
  token: (forceRefresh: boolean) => Promise<string>;
  progress: (done: number) => Promise<void>;
}

/** The record's category for a portal's document: the vault's own name when it uses one, else Medical History. */
const vaultCategory = (doc: Resource) => {
  const words = (doc.category as { text?: string }[] | undefined)?.[0]?.text;
  return (DOCUMENT_CATEGORIES as readonly string[]).includes(words ?? '') ? words! : 'Medical History';
};

/**
 * Reads a patient's resources from a FHIR server: each search in PATIENT_SEARCHES (the payers' types
 * only from an insurer), following `next` links on the same server up to PAGE_LIMIT pages, and the
 * Patient; then the files DocumentReferences point to (`Binary` on the same server), put inside them
 * as the import expects. A type the server refuses or does not know (400, 403, 404) is skipped.
 */
export const fetchRecord = async (r: RecordReader): Promise<Resource[]> => {
  const origin = new URL(r.fhirBaseUrl).origin;
  let refreshed = false;
  const get = async (url: string, maxBytes?: number) => {
    let res: Awaited<ReturnType<SmartClient['fhirGet']>>;
    try {
      res = await r.smart.fhirGet(url, await r.token(false), maxBytes);
      if (res.status === 401 && !refreshed) {
        refreshed = true;
        res = await r.smart.fhirGet(url, await r.token(true), maxBytes);
      }
    } catch (err) {
      if (err instanceof SyncProblem) throw err;
      if (err instanceof SyntaxError) throw new SyncProblem('bad_answer');
      throw new SyncProblem('unreachable');
    }
    if (res.status === 401) throw new SyncProblem('not_allowed');
    if (res.status >= 500) throw new SyncProblem('unreachable');
    return res;
  };
  const out: Resource[] = [];
  const patient = await get(`${r.fhirBaseUrl}/Patient/${encodeURIComponent(r.patientId)}`);
  if (isResource(patient.body)) out.push(patient.body);
  for (const s of PATIENT_SEARCHES) {
    if (s.payer && r.kind !== 'payer') continue;
    const q = new URLSearchParams({ patient: r.patientId, ...s.params, _count: '100' });
    if (r.since) q.set('_lastUpdated', `gt${r.since.toISOString()}`);
    let url: string | undefined = `${r.fhirBaseUrl}/${s.type}?${q}`;
    for (let page = 0; url && page < PAGE_LIMIT; page++) {
      const res = await get(url);
      if (!res.body) break;
      if (res.body.resourceType !== 'Bundle') throw new SyncProblem('bad_answer');
      const entries =
        (res.body.entry as { resource?: unknown; search?: { mode?: string } }[] | undefined) ?? [];
      const found = entries.flatMap((e) =>
        isResource(e.resource) && e.resource.resourceType !== 'OperationOutcome' ? [e.resource] : [],
      );
      out.push(...found);
      await r.progress(out.length);
      const next = (res.body.link as { relation?: string; url?: string }[] | undefined)?.find(
        (l) => l.relation === 'next',
      )?.url;
      url = next && URL.canParse(next) && new URL(next).origin === origin ? next : undefined;
    }
  }
  for (const doc of out.filter((x) => x.resourceType === 'DocumentReference')) {
    doc.category = [{ text: vaultCategory(doc) }];
    for (const c of (doc.content as { attachment?: Record<string, unknown> }[] | undefined) ?? []) {
      const a = c.attachment;
      if (!a || a.data || typeof a.url !== 'string') continue;
      const at = new URL(a.url, `${r.fhirBaseUrl}/`);
      if (at.origin !== origin) continue;
      const res = await get(at.href, SMART_LIMITS.fileBytes);
      const bin = res.body;
      if (bin?.resourceType === 'Binary' && typeof bin.data === 'string') {
        a.data = bin.data;
        a.contentType ??= bin.contentType;
      }
    }
  }
  return out;
};
