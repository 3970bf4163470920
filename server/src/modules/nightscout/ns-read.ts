import { type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database } from '../../db/database';
import type { NsCollection } from './ns-collections.repository';
import { readDocs } from './ns-collections.service';
import { v1Doc } from './ns-docs';
import { ENTRY_ID, entryIdSecond } from './ns-entry-names';
import { type FindCond, findConditions, hasTimeBound, textConditions, timeConditions } from './ns-find';
import { readEntries } from './ns-upload.service';

/** How API v1 answers: `.json` (or no suffix), or Nightscout's `.csv`, `.tsv` and `.txt` tables of entries. */
export type NsFormat = 'json' | 'csv' | 'tsv' | 'txt';

/** `entries/sgv.csv` → segments ['entries', 'sgv'], format csv. */
export const splitPath = (rest: string) => {
  const segments = rest.replace(/\/+$/, '').split('/').filter(Boolean);
  let format: NsFormat = 'json';
  const last = segments.at(-1);
  const m = last ? /^(.*)\.(json|csv|tsv|txt)$/.exec(last) : null;
  if (m) {
    segments[segments.length - 1] = m[1]!;
    format = m[2] as NsFormat;
  }
  return { segments, format };
};

/**
 * The most documents one v1 read answers. Nightscout sets no limit on `count`; the follower apps ask
 * for days of readings at once (Nightguard 1440 for a day, LoopFollow 1152 a day, xDrip+ 2880), which
 * a 1-minute CGM fills, and LoopFollow 5000 treatments.
 */
export const NS_MAX_COUNT = 10_000;

const clampCount = (raw: string | undefined, fallback: number) => {
  const n = Number.parseInt(raw ?? '', 10);
  return Math.min(Math.max(Number.isFinite(n) ? n : fallback, 1), NS_MAX_COUNT);
};

const ENTRY_TIMES = ['date', 'dateString', 'sysTime'];

/**
 * What an entries query asks for: the kind (`sgv`, `mbg` or all) from the path or else `find[type]`
 * (a type in the path wins, as Nightscout's `prepReqModel` overwrites `find.type`), and the
 * `find[...]` conditions on the time (`date`, `dateString`, `sysTime`) and the value (`sgv`, `mbg`);
 * null when it can match nothing we keep (another type: `cal`, Nightscout's sensor and meter records).
 */
export const entryQuery = (sub: string | undefined, find: Map<string, FindCond[]>) => {
  if (sub !== undefined && sub !== 'sgv' && sub !== 'mbg') return null;
  let kind: 'sgv' | 'mbg' | 'all' = sub ?? 'all';
  for (const cond of sub ? [] : (find.get('type') ?? [])) {
    if ('values' in cond || cond.op !== '$eq') continue; // `$ne: cal` (LoopFollow) excludes nothing we keep
    if (cond.value === 'sgv' || cond.value === 'mbg')
      kind = kind === 'all' || kind === cond.value ? cond.value : kind;
    else return null;
  }
  const extra: SQL[] = [];
  for (const field of ENTRY_TIMES) extra.push(...timeConditions(sql`recorded_at`, find.get(field) ?? []));
  for (const field of ['sgv', 'mbg'])
    extra.push(...textConditions(sql`value_mgdl::text`, find.get(field) ?? []));
  return { kind, extra };
};

/** Nightscout's default window for a query with no time bound (lib/server/query.js: two days twice). */
const DEFAULT_WINDOW_MS = 4 * 24 * 3600_000;

/**
 * Nightscout's entries query keeps to the last four days unless it names `date`, `dateString` or
 * `_id` (query.js `enforceDateFilter`): `entries.json?count=10` on a site silent for a week answers nothing.
 */
export const entriesWindow = (find: Map<string, FindCond[]>, nowMs = Date.now()) =>
  find.has('date') || find.has('dateString') || find.has('_id')
    ? []
    : [sql`recorded_at >= ${new Date(nowMs - DEFAULT_WINDOW_MS).toISOString()}`];

/**
 * `find[_id]` on entries: the ids asked for (`$eq`, `$in`; null when none is named) and those left
 * out (`$ne`, `$nin`). An id that is not an entry's matches nothing, as in Nightscout.
 */
const entryIds = (find: Map<string, FindCond[]>) => {
  let wanted: string[] | null = null;
  const unwanted: string[] = [];
  for (const c of find.get('_id') ?? []) {
    const values = ('values' in c ? c.values : [c.value]).map((v) => v.toLowerCase());
    if (c.op === '$eq' || c.op === '$in') wanted = (wanted ?? values).filter((v) => values.includes(v));
    else if (c.op === '$ne' || c.op === '$nin') unwanted.push(...values);
  }
  return { wanted: wanted?.filter((v) => ENTRY_ID.test(v)) ?? null, unwanted };
};

/** The seconds the wanted ids name (an entry `_id` starts with its reading's second). */
const secondsOf = (ids: string[]) =>
  sql`(${sql.join(
    [...new Set(ids.map(entryIdSecond))].map(
      (ms) =>
        sql`(recorded_at >= ${new Date(ms).toISOString()} and recorded_at < ${new Date(ms + 1000).toISOString()})`,
    ),
    sql` or `,
  )})`;

/**
 * API v1 entries: `entries[/sgv|/mbg]` with `count` (default 10) and `find[...]` on the
 * time (`date`, `dateString`, `sysTime`), the value (`sgv`, `mbg`), `type` and `_id`, within
 * Nightscout's default window; `more` adds conditions (the `/times` and `/slice` patterns, which
 * search all time).
 */
export const readEntriesV1 = async (
  db: Database,
  userId: string,
  sub: string | undefined,
  find: Map<string, FindCond[]>,
  count: string | undefined,
  more: SQL[] = [],
) => {
  const q = entryQuery(sub, find);
  if (!q) return [];
  const limit = clampCount(count, 10);
  const { wanted, unwanted } = entryIds(find);
  if (wanted && !wanted.length) return [];
  const docs = await readEntries(db, userId, {
    kind: q.kind,
    // The ids' seconds hold few readings: read them all, then keep those with the ids.
    count: wanted ? NS_MAX_COUNT : Math.min(limit + unwanted.length, NS_MAX_COUNT),
    extra: [
      ...q.extra,
      ...(wanted ? [secondsOf(wanted)] : []),
      ...more,
      ...(more.length ? [] : entriesWindow(find)),
    ],
  });
  if (!wanted && !unwanted.length) return docs;
  return docs.filter((d) => (!wanted || wanted.includes(d._id)) && !unwanted.includes(d._id)).slice(0, limit);
};

/** Nightscout's text tables of entries: dateString, date, sgv, direction, device, JSON-quoted. */
export const respondEntries = (c: Context, docs: Record<string, unknown>[], format: NsFormat) => {
  if (format === 'json') return c.json(docs);
  const sep = format === 'csv' ? ',' : '\t';
  const cell = (v: unknown) => (v === undefined ? '' : JSON.stringify(v ?? ''));
  const text = docs
    .map((d) => [d.dateString, d.date, d.sgv ?? d.mbg, d.direction, d.device].map(cell).join(sep))
    .join('\r\n');
  const type = format === 'csv' ? 'text/csv' : format === 'tsv' ? 'text/tab-separated-values' : 'text/plain';
  return c.body(text, 200, { 'content-type': `${type}; charset=utf-8` });
};

const SPECS: Record<
  NsCollection,
  { time: string; columns: Record<string, SQL>; defaultCount: (find: boolean) => number }
> = {
  treatments: {
    time: 'created_at',
    columns: { eventType: sql`event_type`, _id: sql`identifier`, identifier: sql`identifier` },
    // lib/api/treatments: 100, or 1000 when the query searches.
    defaultCount: (find) => (find ? 1000 : 100),
  },
  devicestatus: {
    time: 'created_at',
    columns: { _id: sql`identifier`, identifier: sql`identifier`, device: sql`device` },
    defaultCount: () => 10,
  },
  profile: {
    time: 'startDate',
    columns: { _id: sql`identifier`, identifier: sql`identifier` },
    defaultCount: () => 10,
  },
};

/**
 * The conditions of a v1 collection query: `find[...]` on the time field, the stored columns or the
 * document, plus `more` (a `/slice` pattern, which searches all time as Nightscout's does); without a
 * time bound, treatments and device status keep to Nightscout's last four days.
 */
export const collectionWhere = (
  collection: NsCollection,
  find: Map<string, FindCond[]>,
  more: SQL[] = [],
) => {
  const spec = SPECS[collection];
  const column = collection === 'profile' ? sql`start_date` : sql`occurred_at`;
  const where = findConditions(find, {
    times: { [spec.time]: column },
    columns: spec.columns,
    doc: sql`doc`,
  });
  where.push(...more);
  if (collection !== 'profile' && !more.length && !hasTimeBound(find, [spec.time, '_id', 'identifier']))
    where.push(sql`occurred_at >= ${new Date(Date.now() - DEFAULT_WINDOW_MS).toISOString()}`);
  return where;
};

/** Treatments, device status or profiles for API v1 (collectionWhere): newest first, at most `count`. */
export const readCollection = async (
  db: Database,
  userId: string,
  collection: NsCollection,
  find: Map<string, FindCond[]>,
  count: string | undefined,
  more: SQL[] = [],
) => {
  const spec = SPECS[collection];
  const where = collectionWhere(collection, find, more);
  const rows = await readDocs(db, userId, collection, {
    where,
    count: clampCount(count, spec.defaultCount(find.size > 0)),
  });
  return rows.map((r) => v1Doc(collection, r));
};
