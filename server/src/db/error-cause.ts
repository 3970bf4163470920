/** What an error in a cause chain may carry: the driver's SQLSTATE or a system call's code, and text. */
export interface ChainedError {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  message?: unknown;
  cause?: unknown;
}

/**
 * The first error in `err`'s cause chain (itself, then its `cause`, …) that `matches`, looking a few
 * levels deep: the ORM wraps the driver's error, and a service may wrap that again.
 */
export const findCause = (err: unknown, matches: (e: ChainedError) => boolean): ChainedError | undefined => {
  let e = err as ChainedError | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    if (matches(e)) return e;
    e = e.cause as ChainedError | undefined;
  }
  return undefined;
};

/** Whether `err` or an error it wraps carries one of `codes`. */
export const hasCauseCode = (err: unknown, ...codes: string[]) =>
  findCause(err, (e) => typeof e.code === 'string' && codes.includes(e.code)) !== undefined;
