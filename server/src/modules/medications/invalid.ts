import { ProblemError } from '../../http/problem';

/** A 400 naming the one field at fault, as the schema's own checks answer. */
export const invalid = (path: string, message: string) =>
  new ProblemError(400, 'validation_failed', 'The request is not valid. See errors for each problem.', [
    { path, message },
  ]);
