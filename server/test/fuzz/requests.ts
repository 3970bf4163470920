import fc from 'fast-check';
import { APP_URL } from '../harness';
import { anyHostile, HUGE, hostilePathSegments } from './hostile-values';
import { nightscoutPayload } from './nightscout-values';
import type { Operation, Parameter } from './operations';
import { fuzzValue, type JsonSchema, validValue } from './schema-values';

/** Who sends a request: the headers they carry and the real ids and tokens they may put in it. */
export interface Identity {
  name: 'user' | 'caregiver' | 'anonymous' | 'admin';
  headers: () => Record<string, string>;
  /** Ids of records that exist (the user's own; for the others, the user's, which are not theirs). */
  ids: string[];
  /** Link tokens this identity holds ({token} in a path). */
  tokens: string[];
  /** The Nightscout site and the upload secret's SHA-1, for the user. */
  nightscout?: { slug: string; apiSecret: string };
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** How the body was made, for the failure report. */
  shape: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

const LONE_SURROGATE = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;

/** Percent-encodes, a lone surrogate as the bytes a careless client would send for it (not UTF-8). */
const encode = (s: string) =>
  s
    .split(LONE_SURROGATE)
    .map((part, i) =>
      i % 2 === 1
        ? `%ED%${(0xa0 + ((part.charCodeAt(0) >> 6) & 0x1f)).toString(16)}%80`
        : encodeURIComponent(part),
    )
    .join('');

const MALFORMED_JSON = [
  '{"a":',
  '',
  'null',
  '[]',
  '"text"',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"a":"\\u0000"}',
  '\uFEFF{}',
  '{"a":1,"a":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"a":1e999}',
  `{"x":"${HUGE.repeat(11)}"}`, // over the 1 MB body limit
  `${'['.repeat(40)}${']'.repeat(40)}`,
  '{"a":NaN}',
  "{'a':1}",
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/merge-patch+json',
  'image/png',
  '',
];

const ID_NAMES = /id$|^id$/i;

const pathValue = (p: Parameter, who: Identity): fc.Arbitrary<string> => {
  const hostile = hostilePathSegments;
  const uuid = fc.uuid({ version: 4 });
  if (/token$/i.test(p.name) && who.tokens.length)
    return fc.oneof(
      fc.constantFrom(...who.tokens),
      hostile,
      fc.base64String({ minLength: 20, maxLength: 60 }).map(encodeURIComponent),
    );
  if (p.name === 'slug' && who.nightscout)
    return fc.oneof({ arbitrary: fc.constant(who.nightscout.slug), weight: 4 }, hostile);
  if (ID_NAMES.test(p.name))
    return who.ids.length ? fc.oneof(fc.constantFrom(...who.ids), uuid, hostile) : fc.oneof(uuid, hostile);
  // An empty segment or a dot segment would address another route (the URL parser resolves them).
  const valid = validValue(p.schema ?? { type: 'string' }).map((v) =>
    /^\.{0,2}$/.test(text(v)) ? '_' : encode(text(v)),
  );
  return fc.oneof({ arbitrary: valid, weight: 2 }, hostile);
};

const queryValue = (p: Parameter) =>
  fc
    .oneof(validValue(p.schema ?? { type: 'string' }), fuzzValue(p.schema ?? { type: 'string' }))
    .map((v) => `${encodeURIComponent(p.name)}=${encode(text(v))}`);

const queryOf = (params: Parameter[]) =>
  fc
    .tuple(
      ...params.map((p) => (p.required ? queryValue(p) : fc.option(queryValue(p), { freq: 2 }))),
      fc.option(fc.tuple(fc.constantFrom('extra', 'limit', 'from', 'token', '__proto__'), anyHostile), {
        freq: 4,
      }),
    )
    .map((parts) => {
      const extra = parts.pop() as [string, unknown] | null;
      const pairs = (parts as (string | null)[]).filter((p): p is string => p !== null);
      if (extra) pairs.push(`${extra[0]}=${encode(text(extra[1]))}`);
      return pairs.length ? `?${pairs.join('&')}` : '';
    });

type Body = { body?: string | Uint8Array; type?: string; shape: string };

const jsonBody = (schema: JsonSchema | undefined): fc.Arbitrary<Body> => {
  const shaped = (shape: string, value: fc.Arbitrary<unknown>) =>
    value.map((v): Body => ({ body: JSON.stringify(v), type: 'application/json', shape }));
  return fc.oneof(
    { arbitrary: shaped('valid', schema ? validValue(schema) : nightscoutPayload), weight: 2 },
    { arbitrary: shaped('fuzzed', schema ? fuzzValue(schema) : nightscoutPayload), weight: 5 },
    {
      arbitrary: fc
        .constantFrom(...MALFORMED_JSON)
        .map((body): Body => ({ body, type: 'application/json', shape: 'malformed' })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(schema ? validValue(schema) : nightscoutPayload, fc.constantFrom(...WRONG_CONTENT_TYPES))
        .map(([v, type]): Body => ({ body: JSON.stringify(v), type, shape: `content-type ${type}` })),
      weight: 1,
    },
  );
};

const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }),
  fc.constantFrom(
    new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'),
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
    new TextEncoder().encode('<ClinicalDocument xmlns="urn:hl7-org:v3"><'),
    new TextEncoder().encode(
      '{"resourceType":"Bundle","entry":[{"resource":{"resourceType":"Observation"}}]}',
    ),
  ),
);

const multipartBody = (schema: JsonSchema | undefined): fc.Arbitrary<Body> => {
  const fields = Object.entries(schema?.properties ?? {});
  return fc
    .tuple(
      fc.tuple(...fields.map(([, s]) => fc.option(fuzzValue(s), { freq: 5 }))),
      bytes,
      fc.constantFrom('a.pdf', 'a.png', 'a.xml', 'a.json', '../../a.exe', '😀.txt', ''),
      fc.constantFrom('application/pdf', 'image/png', 'text/xml', 'application/json', 'text/html', ''),
      fc.boolean(),
    )
    .map(([values, file, filename, fileType, truncate]) => {
      const boundary = 'fuzzboundary';
      const parts: Uint8Array[] = [];
      const enc = new TextEncoder();
      fields.forEach(([name, s], i) => {
        const v = values[i];
        if (v === null || v === undefined) return;
        if (s.format === 'binary') {
          parts.push(
            enc.encode(
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${fileType}\r\n\r\n`,
            ),
            file,
            enc.encode('\r\n'),
          );
        } else
          parts.push(
            enc.encode(
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text(v)}\r\n`,
            ),
          );
      });
      if (!truncate) parts.push(enc.encode(`--${boundary}--\r\n`));
      const body = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        body.set(p, at);
        at += p.length;
      }
      return {
        body,
        type: `multipart/form-data; boundary=${boundary}`,
        shape: truncate ? 'multipart, unterminated' : 'multipart',
      };
    });
};

const bodyFor = (op: Operation): fc.Arbitrary<Body> => {
  const types = Object.keys(op.body);
  const none = fc.constant<Body>({ shape: 'no body' });
  if (types.some((t) => t.startsWith('multipart/')))
    return fc.oneof({ arbitrary: multipartBody(op.body[types[0]!]), weight: 4 }, jsonBody(undefined), none);
  if (types.some((t) => t.startsWith('image/')))
    return fc.oneof(
      fc
        .tuple(bytes, fc.constantFrom('image/png', 'image/jpeg', 'image/heic', 'text/plain'))
        .map(([body, type]): Body => ({ body, type, shape: `bytes as ${type}` })),
      none,
    );
  if (types.length) return fc.oneof({ arbitrary: jsonBody(op.body[types[0]!]), weight: 6 }, none);
  // Undocumented bodies: the Nightscout uploads (registered by hand), or none where none is taken.
  if (op.path.startsWith('/ns/') && op.method !== 'GET') return jsonBody(undefined);
  return op.method === 'GET' ? none : fc.oneof({ arbitrary: none, weight: 3 }, jsonBody({ type: 'object' }));
};

const originHeader = fc.oneof(
  { arbitrary: fc.constant<string | null>(APP_URL), weight: 12 },
  fc.constant<string | null>(null),
  fc.constant<string | null>('https://evil.example'),
);

/** Requests for one operation as one identity would send them. */
export const requestFor = (op: Operation, who: Identity): fc.Arbitrary<FuzzRequest> => {
  const pathParams = op.path.match(/\{[^}]+\}/g) ?? [];
  const declared = (name: string) =>
    op.parameters.find((p) => p.in === 'path' && p.name === name) ?? { name, in: 'path' as const };
  return fc
    .tuple(
      fc.tuple(...pathParams.map((t) => pathValue(declared(t.slice(1, -1)), who))),
      queryOf(op.parameters.filter((p) => p.in === 'query')),
      bodyFor(op),
      originHeader,
    )
    .map(([values, query, body, origin]) => {
      let path = op.path;
      pathParams.forEach((t, i) => {
        path = path.replace(t, values[i]!);
      });
      const headers: Record<string, string> = { ...who.headers() };
      if (origin) headers.origin = origin;
      if (body.type) headers['content-type'] = body.type;
      if (who.nightscout && op.path.startsWith('/ns/')) headers['api-secret'] = who.nightscout.apiSecret;
      return { method: op.method, url: path + query, headers, body: body.body, shape: body.shape };
    });
};
