import fc from 'fast-check';
import { anyHostile, hostileNumbers, hostileStrings } from './hostile-values';

/** The part of JSON Schema (OpenAPI 3.1) that the API document uses; no `$ref`s (zod inlines them). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

const MAX_DEPTH = 6;

const isoDate = fc
  .date({ min: new Date('1990-01-01'), max: new Date(Date.now() - 60_000), noInvalidDate: true })
  .map((d) => d.toISOString());

const stringFor = (s: JsonSchema): fc.Arbitrary<string> => {
  if (s.format === 'date-time') return isoDate;
  if (s.format === 'date') return isoDate.map((d) => d.slice(0, 10));
  if (s.format === 'uuid') return fc.uuid({ version: 4 });
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri') return fc.webUrl();
  const maxLength = Math.min(s.maxLength ?? 40, 40);
  const minLength = Math.min(s.minLength ?? 0, maxLength);
  if (s.pattern && !/^\^\[\^/.test(s.pattern)) {
    try {
      return fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot generate from: plain text instead.
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
};

const numberFor = (s: JsonSchema, integer: boolean): fc.Arbitrary<number> => {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1000);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
  return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
};

/** A value the schema accepts (as far as a generator can tell: cross-field rules are the route's). */
export const validValue = (s: JsonSchema, depth = 0): fc.Arbitrary<unknown> => {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => validValue(a, depth + 1)));
  if (s.allOf?.length)
    return validValue(
      {
        ...Object.assign({}, ...s.allOf),
        properties: Object.assign({}, ...s.allOf.map((part) => part.properties)),
        required: s.allOf.flatMap((part) => part.required ?? []),
      },
      depth,
    );
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? 'null') : s.type;
  switch (type) {
    case 'string':
      return stringFor(s);
    case 'integer':
      return numberFor(s, true);
    case 'number':
      return numberFor(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (depth > MAX_DEPTH) return fc.constant([]);
      return fc.array(validValue(s.items ?? {}, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 3, Math.max(3, s.minItems ?? 0)),
      });
    case 'object':
      return objectOf(s, depth, validValue);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
};

const objectOf = (
  s: JsonSchema,
  depth: number,
  field: (s: JsonSchema, depth: number) => fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> => {
  if (depth > MAX_DEPTH) return fc.constant({});
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const shape = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, field(v, depth + 1)]));
  return fc.record(shape, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
};

/** A value shaped like the schema with hostile parts: wrong types, bad numbers, missing or extra keys. */
export const fuzzValue = (s: JsonSchema, depth = 0): fc.Arbitrary<unknown> => {
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  const hostile =
    type === 'string' || s.format
      ? fc.oneof(hostileStrings, anyHostile)
      : type === 'number' || type === 'integer'
        ? fc.oneof(hostileNumbers, anyHostile)
        : anyHostile;
  const alternatives = s.oneOf ?? s.anyOf;
  const shaped =
    type === 'object' || s.properties
      ? fuzzObject(s, depth)
      : type === 'array' && depth <= MAX_DEPTH
        ? fc.array(fuzzValue(s.items ?? {}, depth + 1), { maxLength: 4 })
        : alternatives?.length
          ? fc.oneof(...alternatives.map((a) => fuzzValue(a, depth + 1)))
          : validValue(s, depth);
  return fc.oneof({ arbitrary: shaped, weight: 4 }, { arbitrary: hostile, weight: 1 });
};

const fuzzObject = (s: JsonSchema, depth: number) =>
  fc
    .tuple(
      objectOf(s, depth, fuzzValue),
      // Keys the schema does not name: an extra field, a prototype-polluting one, a bag of them.
      fc.option(
        fc.dictionary(
          fc.constantFrom('isAdmin', 'userId', '__proto__', 'constructor', 'id', 'extra', '😀'),
          anyHostile,
          { maxKeys: 2 },
        ),
        { freq: 4 },
      ),
      // Sometimes a required key goes missing.
      fc.option(fc.constantFrom(...(s.required?.length ? s.required : [''])), { freq: 3 }),
    )
    .map(([object, extra, drop]) => {
      const out = { ...(object as object), ...(extra ?? {}) } as Record<string, unknown>;
      if (drop) delete out[drop];
      return out;
    });
