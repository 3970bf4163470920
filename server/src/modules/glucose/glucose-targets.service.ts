import { GLUCOSE_TARGET_DEFAULTS, type GlucoseTargets, type GlucoseTargetsResponse } from '@healthfolio/core';
import type { Database, Tx } from '../../db/database';
import { recordAudit } from '../audit/audit.service';
import { selectTargets, upsertTargets } from './glucose-targets.repository';

/** A person's glucose lines, or the consensus defaults while they have set none. */
export const targetsIn = async (tx: Tx, userId: string): Promise<GlucoseTargetsResponse> => {
  const row = await selectTargets(tx, userId);
  if (!row) return { ...GLUCOSE_TARGET_DEFAULTS, custom: false };
  const { urgentLow, targetLow, targetHigh, urgentHigh } = row;
  return { urgentLow, targetLow, targetHigh, urgentHigh, custom: true };
};

export const getTargets = (db: Database, userId: string) =>
  db.readAsUser(userId, (tx) => targetsIn(tx, userId));

export const saveTargets = (db: Database, userId: string, t: GlucoseTargets) =>
  db.asUser(userId, async (tx) => {
    await upsertTargets(tx, userId, t);
    // The fields that were set, never the values (they are health data).
    await recordAudit(tx, userId, 'update', 'glucose_targets', userId, { fields: Object.keys(t) });
    return { ...t, custom: true };
  });
