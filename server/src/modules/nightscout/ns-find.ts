import { type SQL, sql } from 'drizzle-orm';
import { hasCauseCode } from '../../db/error-cause';

/**
 * Nightscout API v1's `find[...]` query (lib/server/query.js): `find[field]=v` (equality),
 * `find[field][$op]=v` with `$eq $ne $gt $gte $lt $lte`, `find[field][$in][]=a&…` (also `[0]`,
 * `[1]`…) and MongoDB's `$regex` (with `$options=i`: sensor-age widgets, Nightscout Reporter). Times
 * are epoch milliseconds (xDrip+ and Nightguard send them with a `.0`) or ISO text, whose `+` some
 * clients leave unescaped (a space).
 */
export type FindOp = '$eq' | '$ne' | '$gt' | '$gte' | '$lt' | '$lte' | '$in' | '$nin' | '$regex';
const OPS = new Set<string>(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$regex']);
export type FindCond =
  | { op: Exclude<FindOp, '$regex'>; value: string }
  | { op: '$regex'; value: string; caseless: boolean }
  | { op: '$in' | '$nin'; values: string[] };

const KEY = /^find\[([A-Za-z_][\w]{0,63})\](?:\[(\$[a-z]+)\])?(?:\[\d*\])?$/;

/** The conditions of a query, by field; keys that are not `find[...]` or name an unknown operator are left out. */
export const parseFind = (params: URLSearchParams) => {
  const byField = new Map<string, FindCond[]>();
  const lists = new Map<string, string[]>();
  for (const [key, value] of params) {
    const m = KEY.exec(key);
    if (!m) continue;
    const field = m[1]!;
    const op = m[2] ?? '$eq';
    if (!OPS.has(op)) continue;
    if (op === '$regex') {
      const conds = byField.get(field) ?? [];
      const caseless = params.get(`find[${field}][$options]`)?.includes('i') ?? false;
      conds.push({ op, value: regexOf(value), caseless });
      byField.set(field, conds);
      continue;
    }
    if (op === '$in' || op === '$nin') {
      const listKey = `${field} ${op}`;
      const list = lists.get(listKey) ?? [];
      if (!lists.has(listKey)) {
        lists.set(listKey, list);
        const conds = byField.get(field) ?? [];
        conds.push({ op, values: list });
        byField.set(field, conds);
      }
      list.push(...value.split(',').filter(Boolean));
      continue;
    }
    const conds = byField.get(field) ?? [];
    conds.push({ op: op as Exclude<FindOp, '$regex'>, value });
    byField.set(field, conds);
  }
  return byField;
};

/** What a `$regex` may hold: the characters of names, dates and simple patterns, at most 200. */
const SAFE_REGEX = /^(?:[\w\-:.*+?^$[\]|(){}, ]|\\[dDwWsS.\-:])*$/;

/** The most copies of an atom a pattern's bounded repetitions may ask for, nested ones multiplied. */
const REPEAT_MAX = 1000;

/**
 * How many copies of one atom the pattern's bounded repetitions (`{m,n}`) make, nested ones
 * multiplied (`(a{1,100}){1,40}`: 4,000): PostgreSQL's engine (Spencer's, which matches with automata,
 * not by backtracking, so `(a+)+` costs it nothing) builds each copy, and refuses past a size with an
 * error ("regular expression is too complex") after working for a while. Infinity for a count above
 * 255, which it refuses outright.
 */
export const repetitionCost = (pattern: string) => {
  const groups: number[] = [1];
  let atom = 1;
  let worst = 1;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') {
      i++;
      atom = 1;
    } else if (ch === '[') {
      const end = pattern.indexOf(']', i + 2);
      i = end < 0 ? pattern.length : end;
      atom = 1;
    } else if (ch === '(') {
      groups.push(1);
      atom = 1;
    } else if (ch === ')') atom = groups.length > 1 ? groups.pop()! : 1;
    else if (ch === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (!m) continue;
      const counts = [Number(m[1]), Number(m[3] || 0)];
      if (Math.max(...counts) > 255) return Number.POSITIVE_INFINITY;
      atom *= Math.max(...counts, 1);
      i += m[0].length - 1;
    } else if (ch !== '*' && ch !== '+' && ch !== '?') atom = 1;
    const top = groups.length - 1;
    groups[top] = Math.max(groups[top]!, atom);
    worst = Math.max(worst, atom);
  }
  return worst;
};

/**
 * A `$regex` pattern PostgreSQL reads as JavaScript would; BadFindValue for anything else, for a
 * backreference (which only a backtracking matcher answers; SAFE_REGEX lets no `\1` through) and for
 * repetitions past REPEAT_MAX.
 */
const regexOf = (v: string) => {
  if (v.length > 200 || !SAFE_REGEX.test(v) || repetitionCost(v) > REPEAT_MAX) throw new BadFindValue();
  try {
    new RegExp(v);
  } catch {
    throw new BadFindValue();
  }
  return v;
};

/** A date and time without a zone (`2024-05-01T10:00:00`, LoopFollow's way): no `Z`, no `±hh:mm`. */
const ZONELESS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * Epoch ms from a query value: digits (a `.0` allowed) or ISO text; NaN when it is neither. Text
 * without a zone is UTC, as Nightscout's `moment.parseZone` reads it, whatever this server's zone.
 */
export const timeOf = (v: string) => {
  if (/^\d+(\.\d+)?$/.test(v)) return Math.floor(Number(v));
  const text = v.replace(' ', '+');
  return Date.parse(ZONELESS.test(text) ? `${text}Z` : text);
};

export class BadFindValue extends Error {}

/**
 * Whether PostgreSQL refused a pattern (SQLSTATE 2201B, "invalid regular expression": too complex,
 * or one it reads otherwise than JavaScript): the client's mistake, a 400, should one get past `regexOf`.
 */
export const refusedPattern = (err: unknown) => hasCauseCode(err, '2201B');

const CMP: Record<string, string> = { $eq: '=', $ne: '<>', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

/** A `$regex` on a column as text (the time columns as the ISO text Nightscout keeps). */
const regexCondition = (text: SQL, c: { value: string; caseless: boolean }) =>
  c.caseless ? sql`coalesce(${text} ~* ${c.value}, false)` : sql`coalesce(${text} ~ ${c.value}, false)`;

/** Conditions on a time column, for `created_at`, `date`, `dateString`, `startDate`. */
export const timeConditions = (column: SQL, conds: FindCond[]) =>
  conds.flatMap((c): SQL[] => {
    if (c.op === '$regex')
      return [regexCondition(sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, c)];
    if ('values' in c) {
      const times = c.values.map(timeOf);
      if (times.some(Number.isNaN)) throw new BadFindValue();
      const list = sql.join(
        times.map((t) => sql`${new Date(t).toISOString()}::timestamptz`),
        sql`, `,
      );
      return times.length
        ? [c.op === '$in' ? sql`${column} in (${list})` : sql`${column} not in (${list})`]
        : [];
    }
    const t = timeOf(c.value);
    if (Number.isNaN(t)) throw new BadFindValue();
    return [sql`${column} ${sql.raw(CMP[c.op]!)} ${new Date(t).toISOString()}::timestamptz`];
  });

/** Conditions on a text column (or a document field as text). */
export const textConditions = (column: SQL, conds: FindCond[]) =>
  conds.flatMap((c): SQL[] => {
    if (c.op === '$regex') return [regexCondition(column, c)];
    if ('values' in c) {
      if (!c.values.length) return [];
      const list = sql.join(
        c.values.map((v) => sql`${v}`),
        sql`, `,
      );
      return [c.op === '$in' ? sql`${column} in (${list})` : sql`coalesce(${column} not in (${list}), true)`];
    }
    if (c.op === '$ne') return [sql`${column} is distinct from ${c.value}`];
    // Nightscout's walker types numbers (insulin, carbs, glucose): compare those as numbers.
    if (c.op !== '$eq' && /^-?\d+(\.\d+)?$/.test(c.value))
      return [
        sql`(case when ${column} ~ '^-?[0-9]+(\\.[0-9]+)?$' then (${column})::numeric end) ${sql.raw(CMP[c.op]!)} ${Number(c.value)}`,
      ];
    return [sql`${column} ${sql.raw(CMP[c.op]!)} ${c.value}`];
  });

/**
 * The `where` parts for one collection: its time fields and columns by name, any other field read
 * from the stored document as text. Fields listed in `ignore` are left to the caller.
 */
export const findConditions = (
  find: Map<string, FindCond[]>,
  spec: { times: Record<string, SQL>; columns?: Record<string, SQL>; doc: SQL; ignore?: string[] },
) => {
  const where: SQL[] = [];
  for (const [field, conds] of find) {
    if (spec.ignore?.includes(field)) continue;
    const time = spec.times[field];
    if (time) where.push(...timeConditions(time, conds));
    else where.push(...textConditions(spec.columns?.[field] ?? sql`(${spec.doc} ->> ${field})`, conds));
  }
  return where;
};

/** Whether the query bounds any of these time fields (Nightscout adds a default window otherwise). */
export const hasTimeBound = (find: Map<string, FindCond[]>, fields: string[]) =>
  fields.some((f) => find.has(f));
