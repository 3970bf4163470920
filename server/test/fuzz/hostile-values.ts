import fc from 'fast-check';

/**
 * Values no well-formed request holds, by the kind of field they replace: what a fuzzer throws at a
 * schema besides a valid value. None holds a PostgreSQL error phrase, so the oracle's SQL check cannot
 * mistake an echo of our own input for a leak.
 */
export const HUGE = 'x'.repeat(100_000);

export const hostileStrings = fc.constantFrom(
  '',
  ' ',
  HUGE,
  '😀'.repeat(20_000),
  'A\u0000B',
  '\u0000',
  '%00',
  '\ud800', // a lone surrogate
  'e\u0301\u202Eabc\u200B', // combining accent, right-to-left override, zero-width space
  'ﬃ İ ß Σ',
  '../../etc/passwd',
  "' OR '1'='1",
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as text.
  '${7*7}{{7*7}}',
  '1e309',
  'NaN',
  '-1',
  'null',
  'true',
  '2026-02-30',
  '2026-13-01T25:61:00Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '1970-01-01T00:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  'a@b',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data/',
);

export const hostileNumbers = fc.constantFrom(
  -1,
  0,
  -0,
  0.5,
  -0.000001,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  5e-324,
  123456789.12345679,
);

/** A value of another JSON type than the field's. */
export const wrongTypes = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.constant([null]),
  fc.constant({ $ne: null }),
  fc.integer(),
  fc.string({ maxLength: 20 }),
);

export const anyHostile = fc.oneof(hostileStrings, hostileNumbers, wrongTypes, fc.jsonValue({ maxDepth: 3 }));

/** Path segments that are not ids, as they arrive percent-encoded in an address. */
export const hostilePathSegments = fc.constantFrom(
  'abc',
  '0',
  '-1',
  '1.5',
  'null',
  'undefined',
  '%00',
  '%2F',
  '.a',
  'a'.repeat(5000),
  encodeURIComponent('😀'),
  '%E2%80%AE',
  '%27',
  '%ZZ',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-4000-8000-00000000000g',
  '{id}',
);
