import type { GlucoseAlarmKind, GlucoseAlarmResponse } from '@healthfolio/core';
import type { GlucoseAlarmRow } from './alarms.repository';

export const presentAlarm = (r: GlucoseAlarmRow): GlucoseAlarmResponse => ({
  id: r.id,
  kind: r.kind as GlucoseAlarmKind,
  valueMgdl: r.valueMgdl,
  readingAt: r.readingAt?.toISOString() ?? null,
  raisedAt: r.raisedAt.toISOString(),
  delivered: { pushDevices: r.pushDevices, inApp: r.inApp !== null, emails: r.emails },
  acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
  acknowledgedBy: r.acknowledgedAt ? (r.acknowledgedByName ?? 'Someone') : null,
  snoozedUntil: r.snoozedUntil?.toISOString() ?? null,
  escalatedAt: r.escalatedAt?.toISOString() ?? null,
  endedAt: r.endedAt?.toISOString() ?? null,
  active: r.endedAt === null,
});
