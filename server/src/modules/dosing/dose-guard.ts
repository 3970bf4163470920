import {
  checkDose,
  doseAboveMaximumMessage,
  INSULIN_SETTINGS_REQUIRED_MESSAGE,
  INSULIN_SETTINGS_REVIEW_MESSAGE,
  insulinSettingsNeedReview,
  savedInsulinSettings,
} from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { ProblemError } from '../../http/problem';

/** The latest Insulin Settings entry's data as stored, if there is one. */
const latestSettingsData = async (tx: Tx, userId: string) => {
  const { rows } = await tx.execute<{ data: Record<string, unknown> }>(sql`
    select data from tracker_entries where user_id = ${userId} and tracker = 'insulin-settings'
    order by occurred_at desc, id desc limit 1`);
  return rows[0]?.data;
};

/** The user's insulin settings from their latest Insulin Settings entry, or null until all are saved. */
export const latestInsulinSettings = async (tx: Tx, userId: string) =>
  savedInsulinSettings(await latestSettingsData(tx, userId));

/**
 * A dose is accepted only once the user saved their own insulin settings (a suggestion from defaults
 * nobody confirmed, or from settings an import brought back that they have not saved since, is refused); above their maximum single dose it is refused; above the High Dose
 * Alert's threshold (two thirds of the maximum) only with the alert confirmed. Checked on every write
 * of a dose through the app (log and edit), in the same transaction.
 */
export const assertDoseAllowed = async (tx: Tx, userId: string, data: Record<string, unknown>) => {
  const stored = await latestSettingsData(tx, userId);
  // Settings an import brought back are the person's only once they saved them (DESIGN §10).
  if (insulinSettingsNeedReview(stored))
    throw new ProblemError(422, 'insulin_settings_unconfirmed', INSULIN_SETTINGS_REVIEW_MESSAGE);
  const settings = savedInsulinSettings(stored);
  if (!settings) {
    throw new ProblemError(422, 'insulin_settings_required', INSULIN_SETTINGS_REQUIRED_MESSAGE);
  }
  const check = checkDose(Number(data.total_insulin), settings.maxSingleDose);
  if (check.kind === 'above_maximum') {
    const message = doseAboveMaximumMessage(check.maximum);
    throw new ProblemError(422, 'dose_above_maximum', message, [{ path: 'data.total_insulin', message }]);
  }
  if (check.kind === 'confirm' && data.high_dose_confirmed !== true) {
    const message = `A dose above ${check.alertAbove} units needs the High Dose Alert confirmed.`;
    throw new ProblemError(422, 'high_dose_unconfirmed', message, [
      { path: 'data.high_dose_confirmed', message },
    ]);
  }
};
