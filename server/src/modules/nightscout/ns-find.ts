import { type SQL, sql } from 'drizzle-orm';

/**
 * Nightscout API v1's `find[...]` query (lib/server/query.js): `find[field]=v` (equality),
 * `find[field][$op]=v` with `$eq $ne $gt $gte $lt $lte`, and `find[field][$in][]=a&…` (also `[0]`,
 * `[1]`…). Times are epoch milliseconds (xDrip+ and Nightguard send them with a `.0`) or ISO text,
 * whose `+` some clients leave unescaped (a space).
 */
export type FindOp = '$eq' | '$ne' | '$gt' | '$gte' | '$lt' | '$lte' | '$in' | '$nin';
const OPS = new Set<string>(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin']);
export type FindCond = { op: FindOp; value: string } | { op: '$in' | '$nin'; values: string[] };

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
    conds.push({ op: op as FindOp, value });
    byField.set(field, conds);
  }
  return byField;
};

/** Epoch ms from a query value: digits (a `.0` allowed) or ISO text; NaN when it is neither. */
export const timeOf = (v: string) => {
  if (/^\d+(\.\d+)?$/.test(v)) return Math.floor(Number(v));
  return Date.parse(v.replace(' ', '+'));
};

export class BadFindValue extends Error {}

const CMP: Record<string, string> = { $eq: '=', $ne: '<>', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

/** Conditions on a time column, for `created_at`, `date`, `dateString`, `startDate`. */
export const timeConditions = (column: SQL, conds: FindCond[]) =>
  conds.flatMap((c): SQL[] => {
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
