import { createMiddleware } from 'hono/factory';
import { ProblemError } from './problem';

/**
 * Checks every API request passes before any route sees it (issue 29, found by fuzzing):
 * - no control character in the address: `%00` in an id reached PostgreSQL (in the audit row of a
 *   refused admin request), which refuses NUL, and the request failed with a 503;
 * - a JSON body nests at most MAX_JSON_DEPTH levels: deeper ones are nobody's data, and serialising
 *   them again (JSON.stringify recurses) overflowed the stack with a 500.
 */
export const MAX_JSON_DEPTH = 32;

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters refused.
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/;
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f])/i;

/** 400 for an address holding a control character, written or percent-encoded. */
export const refuseControlCharactersInPath = createMiddleware(async (c, next) => {
  const path = c.req.path; // decoded by Hono when it holds a %-sequence
  if (CONTROL_CHARACTER.test(path) || ENCODED_CONTROL.test(path))
    throw new ProblemError(400, 'invalid_path', 'The address holds a control character.');
  await next();
});

/** How deeply a JSON text nests its arrays and objects, read in one pass (no parsing, no recursion). */
export const jsonDepth = (text: string) => {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) max = Math.max(max, ++depth);
    else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return max;
};

/** Bodies read as JSON: declared so, or undeclared (better-auth reads those as JSON too). */
const readsAsJson = (contentType: string | undefined) =>
  !contentType || /[/+]json\b|^text\/plain\b/i.test(contentType);

/**
 * 400 for a JSON body nested deeper than MAX_JSON_DEPTH. Runs after the body limit; the text it reads
 * stays cached for the route's own `json()`/`text()`.
 */
export const limitJsonDepth = createMiddleware(async (c, next) => {
  if (c.req.raw.body && readsAsJson(c.req.header('content-type'))) {
    const body = await c.req.text();
    if (jsonDepth(body) > MAX_JSON_DEPTH)
      throw new ProblemError(
        400,
        'json_too_deep',
        `The request body nests more than ${MAX_JSON_DEPTH} levels of objects and arrays.`,
      );
    // A fresh stream for a route that reads the raw request (a body limit of its own, a proxy). A Blob
    // without a type, not the string: a string body would give an undeclared (or empty) body the type
    // text/plain, and the CSRF check refuses that for a bodiless POST such as an appointment's cancel.
    c.req.raw = new Request(c.req.raw, { body: new Blob([body]) });
  }
  await next();
});
