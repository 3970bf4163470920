import {
  checkDose,
  doseAboveMaximumMessage,
  dosingSettingsFrom,
  HIGH_DOSE_ABOVE_UNITS,
} from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { ProblemError } from '../../http/problem';

/** The user's curve, DIA and maximum single dose, from their latest Insulin Settings entry. */
export const latestDosingSettings = async (tx: Tx, userId: string) => {
  const { rows } = await tx.execute<{ data: Record<string, unknown> }>(sql`
    select data from tracker_entries where user_id = ${userId} and tracker = 'insulin-settings'
    order by occurred_at desc, id desc limit 1`);
  return dosingSettingsFrom(rows[0]?.data);
};

/**
 * An insulin dose above the user's maximum single dose is refused; one above 10 units only with the
 * High Dose Alert confirmed. Checked on every write of a dose (log and edit), in the same transaction.
 */
export const assertDoseAllowed = async (tx: Tx, userId: string, data: Record<string, unknown>) => {
  const total = Number(data.total_insulin);
  const { maxSingleDose } = await latestDosingSettings(tx, userId);
  const check = checkDose(total, maxSingleDose);
  if (check.kind === 'above_maximum') {
    const message = doseAboveMaximumMessage(check.maximum);
    throw new ProblemError(422, 'dose_above_maximum', message, [{ path: 'data.total_insulin', message }]);
  }
  if (check.kind === 'confirm' && data.high_dose_confirmed !== true) {
    const message = `A dose above ${HIGH_DOSE_ABOVE_UNITS} units needs the High Dose Alert confirmed.`;
    throw new ProblemError(422, 'high_dose_unconfirmed', message, [
      { path: 'data.high_dose_confirmed', message },
    ]);
  }
};
