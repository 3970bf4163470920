import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/**
 * What the server may write to its log. The log leaves the database's protection (files, shippers,
 * support tickets), so nothing that reaches it may carry a secret or a health value: errors are reduced
 * to their name, code and message shape, and anything under a secret-sounding key is censored.
 */

const CENSOR = '[redacted]';
/** Keys whose values are credentials wherever they appear (`sessionToken`, `x-api-key`, `set-cookie`…). */
const SECRET_KEY = /token|passw|secret|cookie|authorization|api[-_]?key|credential|otp|backup[-_]?code/i;

/** The fields of a driver error (pg, PGlite, Node, nodemailer) that name things but never hold values. */
const SAFE_FIELDS = [
  'code',
  'errno',
  'syscall',
  'severity',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
  'routine',
  'status',
  'statusCode',
  'responseCode',
  'command',
] as const;

const URL_RE = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;
// Starts only where a run of address characters starts: tried from every position of a long run, it took
// quadratic time (a 100,000-character callbackURL in better-auth's "Invalid callbackURL" line: 4.6 s).
const EMAIL_RE = /(?<![^\s"'<>()[\]:;,])[^\s"'<>()[\]:;,]+@[^\s"'<>()[\]:;,]+\.[^\s"'<>()[\]:;,]+/g;
// A run of 20+ URL-safe characters mixing letters and digits: a token, a hash, a key.
const TOKEN_RE = /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{20,}/g;
const SINGLE_QUOTED = /'(?:[^']|'')*'/g;
const DOUBLE_QUOTED = /"((?:[^"\\]|\\.)*)"/g;

/** A log message is read by a person: at most this long (a request can make one quote a whole URL). */
export const MAX_LOGGED_MESSAGE = 2000;

/** Cut at the last whitespace before the limit and before an unclosed quote: no value is kept in part. */
const shorten = (message: string) => {
  if (message.length <= MAX_LOGGED_MESSAGE) return message;
  let head = message.slice(0, MAX_LOGGED_MESSAGE);
  head = head.slice(0, Math.max(0, head.search(/\s\S*$/)));
  for (const quote of ['"', "'"])
    if (head.split(quote).length % 2 === 0) head = head.slice(0, head.lastIndexOf(quote));
  return `${head} […]`;
};

/**
 * A message with its values taken out: addresses, links, tokens and quoted values (PostgreSQL quotes
 * the offending value: `invalid input syntax for type integer: "…"`). Quoted names listed in `keep`
 * (the error's own table, column, constraint) stay, so the message still says what failed.
 */
export const scrubMessage = (message: string, keep: ReadonlySet<string> = new Set()) =>
  shorten(message)
    .replace(URL_RE, '[url]')
    .replace(EMAIL_RE, '[email]')
    .replace(SINGLE_QUOTED, "'?'")
    .replace(DOUBLE_QUOTED, (all, inner: string) => (keep.has(inner) ? all : '"?"'))
    .replace(TOKEN_RE, '[token]');

/** drizzle's query errors read "Failed query: <sql>\nparams: <values>": keep the statement, drop the values. */
const scrubDrizzle = (message: string) => {
  const at = message.indexOf('\nparams:');
  if (!message.startsWith('Failed query:') || at < 0) return undefined;
  return message.slice(0, at).replace(SINGLE_QUOTED, "'?'");
};

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null;

const safeMessage = (err: Loose) => {
  const message = typeof err.message === 'string' ? err.message : '';
  const drizzle = scrubDrizzle(message);
  if (drizzle !== undefined) return drizzle;
  const keep = new Set(
    ['schema', 'table', 'column', 'constraint', 'dataType'].flatMap((k) =>
      typeof err[k] === 'string' ? [err[k] as string] : [],
    ),
  );
  // Class 42 (syntax, undefined table/column) quotes our own statement's names, never a value.
  if (typeof err.code === 'string' && err.code.startsWith('42'))
    for (const m of message.matchAll(DOUBLE_QUOTED)) keep.add(m[1]!);
  return scrubMessage(message, keep);
};

/** A readable type: pg names its errors "error" and PGlite's class name is minified. */
const errorType = (err: Loose) => {
  if (typeof err.severity === 'string' && typeof err.code === 'string') return 'DatabaseError';
  const ctor = (err as { constructor?: { name?: string } }).constructor?.name;
  if (ctor && ctor.length > 2 && ctor !== 'Object') return ctor;
  return typeof err.name === 'string' && err.name ? err.name : 'Error';
};

/**
 * pino's `err` serializer: the error's type, code and message shape, its stack frames and its cause
 * chain, and nothing else. Driver errors keep their parameters, `detail` (`Key (email)=(…)`), `where`,
 * `hint`, `query` and `params` as own properties; a whitelist leaves all of them out.
 */
export const safeError = (err: unknown, depth = 0): unknown => {
  if (!isObject(err)) return typeof err === 'string' ? scrubMessage(err) : err;
  if (depth > 4) return { type: 'Error', message: '[cause chain cut]' };
  const type = errorType(err);
  const message = safeMessage(err);
  const out: Loose = { type, message };
  for (const k of SAFE_FIELDS) {
    const v = err[k];
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  }
  if (typeof err.stack === 'string') {
    const frames = err.stack.split('\n').filter((l) => /^\s+at /.test(l));
    out.stack = [`${type}: ${message}`, ...frames].join('\n');
  }
  if (err.cause !== undefined) out.cause = safeError(err.cause, depth + 1);
  if (Array.isArray(err.errors)) out.errors = err.errors.slice(0, 5).map((e) => safeError(e, depth + 1));
  return out;
};

/**
 * Walks what a log call was given: censors secret-sounding keys at any depth and turns nested errors
 * (which JSON.stringify would expand into their `detail` and `where`) into their safe form.
 */
const sanitize = (value: unknown, depth: number): unknown => {
  if (value instanceof Error) return safeError(value);
  if (!isObject(value) || depth > 5) return value;
  if (Array.isArray(value)) {
    const out = value.map((v) => sanitize(v, depth + 1));
    return out.every((v, i) => v === value[i]) ? value : out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  // Copied only when something changes: most log calls pass a few flat fields and nothing to censor.
  let copy: Loose | undefined;
  for (const key of Object.keys(value)) {
    const v = value[key];
    // The top-level err is left to its serializer.
    const s = SECRET_KEY.test(key) ? CENSOR : depth === 0 && key === 'err' ? v : sanitize(v, depth + 1);
    if (s === v) continue;
    copy ??= { ...value };
    copy[key] = s;
  }
  return copy ?? value;
};

/** The logger options every Healthfolio logger uses; main.ts and the tests build theirs from these. */
export const logOptions = (level: LoggerOptions['level']): LoggerOptions => ({
  level,
  // Fast, compiled censoring of the usual places; `sanitize` below catches the same keys at any depth.
  redact: {
    paths: [
      'password',
      '*.password',
      '*.newPassword',
      '*.currentPassword',
      'token',
      '*.token',
      '*.sessionToken',
      'headers.cookie',
      'headers.authorization',
      '*.headers.cookie',
      '*.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
      'body',
      '*.body',
      'data',
      '*.data',
      'value',
      '*.value',
    ],
    censor: CENSOR,
  },
  serializers: { err: safeError, error: safeError },
  formatters: { log: (obj) => sanitize(obj, 0) as Record<string, unknown> },
  hooks: {
    // `logger.error(err)` would take the error's raw message as the line's message.
    logMethod(args, method) {
      const [first, second] = args as unknown[];
      if (isObject(first) && typeof second !== 'string') {
        const err = first instanceof Error ? first : first.err;
        if (isObject(err) && typeof err.message === 'string') {
          return method.apply(this, [first, safeMessage(err)] as unknown as Parameters<typeof method>);
        }
      }
      return method.apply(this, args);
    },
  },
});

export const createLogger = (level: LoggerOptions['level'], destination?: DestinationStream): Logger =>
  destination ? pino(logOptions(level), destination) : pino(logOptions(level));

/**
 * The request line's logger (./request-log): its fields — request id, method, route pattern, status,
 * time — are built by that middleware and never hold a secret or a health value, so the line skips the
 * redaction and sanitizing passes, which cost more than writing it.
 */
export const requestLineLogger = (logger: Logger) =>
  logger.child({}, { redact: [], formatters: { log: (obj: object) => obj } });
