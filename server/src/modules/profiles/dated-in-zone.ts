import { type Dated, FUTURE_DATE_MESSAGE, isDatedNotInFuture } from '@healthfolio/core';
import type { Tx } from '../../db/database';
import { ProblemError } from '../../http/problem';
import { personZone } from './profiles.repository';

/**
 * A date typed without a time (a lab result's, an entry's) may be today in the person's own zone, not
 * tomorrow: the request's own check lets through any date that has begun somewhere on Earth. Refused
 * as the request's field `path`.
 */
export const assertDatedNotInFuture = async (tx: Tx, userId: string, dated: Dated, path: string) => {
  if (!dated.precision) return;
  if (!isDatedNotInFuture(dated, await personZone(tx, userId)))
    throw new ProblemError(400, 'validation_failed', FUTURE_DATE_MESSAGE, [
      { path, message: FUTURE_DATE_MESSAGE },
    ]);
};
