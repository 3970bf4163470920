import type { GlucoseUnit } from '@healthfolio/core';
import type { Tx } from '../../db/database';
import { recordAudit } from '../audit/audit.service';
import { keptByGuardians } from '../household/household.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { findProfile } from '../profiles/profiles.repository';
import type { ReadingFacts } from './hypo-messages';

/** The reading in the user's unit and time zone, for the notification text. */
export const readingFacts = async (
  tx: Tx,
  userId: string,
  valueMgdl: number,
  readingAt: Date,
): Promise<ReadingFacts> => {
  const p = await findProfile(tx, userId);
  // A person kept by guardians (households): the notices go to them and name whose glucose it is.
  const kept = await keptByGuardians(tx, userId);
  return {
    valueMgdl,
    readingAt,
    unit: (p?.glucoseUnit ?? 'mg/dL') as GlucoseUnit,
    timeZone: p?.timezone ?? 'UTC',
    personName: kept && p ? p.displayName : undefined,
  };
};

/**
 * A follow-up's notification, stored in the same transaction as the step it belongs to (so a crash
 * cannot lose one or send one twice); the caller announces it on the bus after commit.
 */
export const storeFollowUpNotice = async (
  tx: Tx,
  userId: string,
  followUpId: string,
  step: string,
  message: { title: string; content: string; priority: 'high' | 'urgent'; type: 'alert' | 'reminder' },
) => {
  const [row] = await insertNotifications(tx, [
    {
      userId,
      ...message,
      senderName: 'Healthfolio',
      senderType: 'system',
      recipientType: 'patient',
      metadata: { hypoFollowUpId: followUpId, step },
    },
  ]);
  await recordAudit(tx, userId, 'create', 'notification', row!.id, { sender: 'system', step });
  return row!.id;
};
