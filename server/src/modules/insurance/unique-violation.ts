import { hasCauseCode } from '../../db/error-cause';
import type { ProblemError } from '../../http/problem';

/** Turns a unique violation (a race the service's own check lost) into the same 409 the check gives. */
export const conflictOnUnique =
  (conflict: ProblemError) =>
  (err: unknown): never => {
    if (hasCauseCode(err, '23505')) throw conflict;
    throw err;
  };
