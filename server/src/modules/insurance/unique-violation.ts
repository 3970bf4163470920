import type { ProblemError } from '../../http/problem';

const uniqueViolation = (err: unknown): string | undefined => {
  for (
    let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    i++
  ) {
    if (e.code === '23505') return e.constraint ?? '';
    e = e.cause as typeof e;
  }
  return undefined;
};

/** Turns a unique violation (a race the service's own check lost) into the same 409 the check gives. */
export const conflictOnUnique =
  (conflict: ProblemError) =>
  (err: unknown): never => {
    if (uniqueViolation(err) !== undefined) throw conflict;
    throw err;
  };
