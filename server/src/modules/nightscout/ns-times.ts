import braces from 'braces';
import { type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database } from '../../db/database';
import { countDocs, type NsCollection } from './ns-collections.repository';
import type { FindCond } from './ns-find';
import { nsError } from './ns-http';
import { lastModified } from './ns-modified';
import {
  collectionWhere,
  entriesWindow,
  entryQuery,
  type NsFormat,
  readCollection,
  readEntriesV1,
  respondEntries,
} from './ns-read';
import { countNsReadings } from './ns-upload.repository';

/** A pattern longer than this, or expanding to more patterns, is refused (400). */
const PATTERN_MAX_CHARS = 200;
const PATTERNS_MAX = 500;
/** What a pattern may hold once expanded: the characters of dates and simple regular expressions. */
const SAFE = /^(?:[\w\-:.*+?^$[\]|() ]|\\[dDwWsS.\-:])*$/;

export class BadPattern extends Error {}

/** A reading's `dateString` / `sysTime` as our documents write them (ISO 8601, UTC). */
const READING_ISO = sql`to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Nightscout's `/times` and `/slice` patterns (lib/api/entries `prep_patterns`): the prefix and the
 * regex are expanded as bash braces (`T{13..18}:{00..15}`) into regular expressions, any of which
 * the field must match; a single prefix must also start the field. Answers the SQL condition on
 * `column`.
 */
export const patternCondition = (column: SQL, prefix?: string, regex?: string): SQL => {
  if ((prefix?.length ?? 0) + (regex?.length ?? 0) > PATTERN_MAX_CHARS)
    throw new BadPattern('The pattern is too long.');
  const expand = (p: string) => {
    // Guarded before expanding: no nested braces, and at most PATTERNS_MAX combinations.
    if (/\{[^}]*\{/.test(p)) throw new BadPattern('Braces inside braces are not taken.');
    let combinations = 1;
    for (const [, group] of p.matchAll(/\{([^{}]*)\}/g)) {
      const range = /^(-?\d+)\.\.(-?\d+)$/.exec(group ?? '');
      combinations *= range
        ? Math.abs(Number(range[2]) - Number(range[1])) + 1
        : (group ?? '').split(',').length;
      if (combinations > PATTERNS_MAX) throw new BadPattern('The pattern expands to too many.');
    }
    try {
      return braces(p, { expand: true, rangeLimit: PATTERNS_MAX });
    } catch {
      throw new BadPattern('The pattern expands to too many.');
    }
  };
  const prefixes = expand(prefix || '.*');
  const parts: string[] = [];
  if (prefixes.length > 1) parts.push(`^${prefix}`);
  if (regex) parts.push(`.*${regex}`);
  const expanded = parts.length ? expand(parts.join('')) : [''];
  const patterns = expanded.length ? expanded : [''];
  const all = prefixes.length === 1 ? [...patterns, `^${prefixes[0]}`] : patterns;
  if (patterns.length > PATTERNS_MAX) throw new BadPattern('The pattern expands to too many.');
  for (const p of all) {
    if (!SAFE.test(p)) throw new BadPattern('The pattern holds characters a date never has.');
    try {
      new RegExp(p);
    } catch {
      throw new BadPattern('The pattern is not a regular expression.');
    }
  }
  const any = sql`(${sql.join(
    patterns.map((p) => sql`${column} ~ ${p}`),
    sql` or `,
  )})`;
  return prefixes.length === 1 ? sql`${any} and ${column} ~ ${`^${prefixes[0]}`}` : any;
};

const decode = (s: string | undefined) => {
  if (s === undefined) return undefined;
  try {
    return decodeURIComponent(s);
  } catch {
    throw new BadPattern('The pattern is not valid in an address.');
  }
};

const STORAGES = new Set(['treatments', 'devicestatus']);

/**
 * `GET /api/v1/times/{prefix}/{regex}` (entries' `dateString`), `/slice/{storage}/{field}/{type}/
 * {prefix}/{regex}` (entries, treatments or device status, on the field named) and
 * `/count/{storage}/where?find[…]` (Nightscout's aggregate: `[{_id: null, count}]`, `[]` for none).
 */
export const servePatterned = async (
  c: Context,
  db: Database,
  userId: string,
  resource: 'times' | 'slice' | 'count',
  args: string[],
  find: Map<string, FindCond[]>,
  count: string | undefined,
  format: NsFormat,
) => {
  try {
    if (resource === 'count') {
      if (args[1] !== 'where') return nsError(c, 404, 'Not Found');
      const n = await countOf(db, userId, args[0] ?? 'entries', find);
      return c.json(n ? [{ _id: null, count: n }] : []);
    }
    const raw = resource === 'times' ? ['entries', 'dateString', undefined, args[0], args[1]] : args;
    const [storage, field, type, prefix, regex] = raw.map(decode);
    if (!storage || !field) return nsError(c, 404, 'Not Found');
    if (STORAGES.has(storage)) {
      const collection = storage as NsCollection;
      // Treatments and device status keep the document as sent: the pattern reads its field.
      const more = [patternCondition(sql`(doc->>${field})`, prefix, regex)];
      if (type) more.push(sql`(doc->>'type') = ${type}`);
      const docs = await readCollection(db, userId, collection, find, count, more);
      return lastModified(c, docs, collection) ?? c.json(docs);
    }
    // Nightscout reads any other storage as entries; only the time fields are strings there.
    if (field !== 'dateString' && field !== 'sysTime') return c.json([]);
    const more = [patternCondition(READING_ISO, prefix, regex)];
    const sub = type === 'sgv' || type === 'mbg' ? type : type ? 'none' : undefined;
    if (sub === 'none') return c.json([]);
    const docs = await readEntriesV1(db, userId, sub, find, count, more);
    return lastModified(c, docs, 'entries') ?? respondEntries(c, docs, format);
  } catch (err) {
    if (err instanceof BadPattern) return nsError(c, 400, 'Bad Request', err.message);
    throw err;
  }
};

const countOf = (db: Database, userId: string, storage: string, find: Map<string, FindCond[]>) =>
  db.readAsUser(userId, async (tx) => {
    if (STORAGES.has(storage)) {
      const collection = storage as NsCollection;
      return countDocs(tx, userId, collection, collectionWhere(collection, find));
    }
    const q = entryQuery(undefined, find);
    if (!q) return 0;
    return countNsReadings(tx, userId, { kind: q.kind, extra: [...q.extra, ...entriesWindow(find)] });
  });
