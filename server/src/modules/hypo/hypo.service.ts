import {
  formatGlucoseWithUnit,
  type HypoFollowUpStartRequest,
  type HypoSettingsResponse,
  isLowGlucose,
  LOW_GLUCOSE_BELOW_MGDL,
} from '@healthfolio/core';
import type { Database } from '../../db/database';
import { notFound, ProblemError } from '../../http/problem';
import { alarmsAfterGlucoseWrite } from '../alarms/alarm-judge';
import { recordAudit } from '../audit/audit.service';
import { syncAchievementUnlocks } from '../entries/achievements.service';
import { insertGlucoseEntry } from '../entries/entries.repository';
import { type Announcer, announceNotices } from './announce';
import { listAlertRecipients } from './caregiver-alerts';
import { followUpAfterGlucoseWrite } from './glucose-written';
import { presentFollowUp } from './hypo.presenter';
import {
  followUpsEnabled,
  selectActiveFollowUp,
  selectFollowUp,
  selectFollowUps,
  stopActiveFollowUps,
  upsertHypoSettings,
} from './hypo.repository';

const FOLLOW_UP_LIST_LIMIT = 20;

export const getHypoSettings = async (db: Database, userId: string): Promise<HypoSettingsResponse> => ({
  enabled: await db.readAsUser(userId, (tx) => followUpsEnabled(tx, userId)),
  alertRecipients: await listAlertRecipients(db, userId),
});

export const updateHypoSettings = (db: Database, userId: string, enabled: boolean) =>
  db
    .asUser(userId, async (tx) => {
      await upsertHypoSettings(tx, userId, enabled);
      await recordAudit(tx, userId, 'update', 'hypo_settings', null, { enabled });
      if (!enabled) {
        for (const { id } of await stopActiveFollowUps(tx, userId, new Date()))
          await recordAudit(tx, userId, 'update', 'hypo_follow_up', id, { step: 'stopped' });
      }
    })
    .then(async () => ({ enabled, alertRecipients: await listAlertRecipients(db, userId) }));

export const listFollowUps = (db: Database, userId: string) =>
  db.asUser(userId, async (tx) => ({
    items: (await selectFollowUps(tx, userId, FOLLOW_UP_LIST_LIMIT)).map(presentFollowUp),
  }));

export const getFollowUp = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    const row = await selectFollowUp(tx, userId, id);
    if (!row) throw notFound('No follow-up with this id');
    return presentFollowUp(row);
  });

/**
 * The calculator's "start the follow-up": logs the low reading now, as the log dialog would, and
 * starts its follow-up even when automatic follow-ups are off (the user asked for this one). An
 * active follow-up is returned as it is: there is one per episode.
 */
export const startFollowUp = async (
  db: Database,
  userId: string,
  req: HypoFollowUpStartRequest,
  notifier: Announcer,
) => {
  if (!isLowGlucose(req.glucoseMgdl)) {
    const message = `A follow-up starts below ${formatGlucoseWithUnit(LOW_GLUCOSE_BELOW_MGDL, 'mg/dL')}`;
    throw new ProblemError(400, 'validation_failed', message, [{ path: 'glucoseMgdl', message }]);
  }
  const { followUp, notices, created } = await db.asUser(userId, async (tx) => {
    const existing = await selectActiveFollowUp(tx, userId);
    const id = await insertGlucoseEntry(tx, {
      userId,
      recordedAt: new Date(),
      valueMgdl: req.glucoseMgdl,
      notes: null,
    });
    await syncAchievementUnlocks(tx, userId);
    await recordAudit(tx, userId, 'create', 'entry', id, { tracker: 'blood-glucose' });
    const notices = await alarmsAfterGlucoseWrite(
      tx,
      userId,
      await followUpAfterGlucoseWrite(tx, userId, { force: true }),
    );
    const active = await selectActiveFollowUp(tx, userId);
    return { followUp: active ? presentFollowUp(active) : null, notices, created: !existing && !!active };
  });
  await announceNotices(notifier, userId, notices);
  if (!followUp)
    throw new ProblemError(409, 'conflict', 'The follow-up could not be started. Please try again.');
  return { followUp, created };
};
