import { z } from 'zod';

/**
 * Control characters that mean nothing in a stored text: NUL (which PostgreSQL refuses outright), the
 * other C0 controls except tab, line feed and carriage return, DEL and the C1 controls.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters refused.
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;

export const TEXT_CONTROL_MESSAGE = 'Remove the invisible control characters from this text';

/**
 * A string a person typed, to be stored: the one rule for free text in request schemas. Refuses NUL
 * and meaningless control characters with a 400 naming the field (instead of a database error);
 * chain `.trim()`, `.min()`, `.max()` as with `z.string()`.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).regex(NO_CONTROL_CHARACTERS, TEXT_CONTROL_MESSAGE);
