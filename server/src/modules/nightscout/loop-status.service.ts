import type { LoopStatusResponse } from '@healthfolio/core';
import type { Database } from '../../db/database';
import { pluginDocs } from './ns-follow.service';
import { switchEndsAt } from './ns-profile-switch';
import { basalOf, cobOf, iobOf, loopOf, pumpOf, upbatOf } from './ns-properties';

type Doc = Record<string, unknown>;

const iso = (ms: unknown) =>
  typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms).toISOString() : null;
const numOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The loop's part: which system, whether its last run enacted or failed, and when it last ran well. */
const loopPart = (statuses: Doc[]): LoopStatusResponse['loop'] => {
  const loop = loopOf(statuses) as Doc;
  if (loop.lastLoop) {
    const code = (loop.display as { code: 'looping' | 'enacted' | 'error' }).code;
    return { system: 'Loop', state: code, lastRunAt: iso(loop.lastOkMoment) };
  }
  if (loop.status) {
    const code = (loop.status as { code: 'looping' | 'enacted' }).code;
    return { system: 'OpenAPS', state: code, lastRunAt: iso(loop.lastLoopMoment) };
  }
  return null;
};

/**
 * The diabetes home's loop card, from the same device statuses, temp basals and profile the
 * Nightscout followers read (ns-properties.ts), so the app and LoopFollow say the same thing.
 */
export const loopStatus = async (
  db: Database,
  userId: string,
  nowMs = Date.now(),
): Promise<LoopStatusResponse> => {
  const { statuses, temps, profile, active } = await pluginDocs(db, userId, nowMs);
  const iob = iobOf(statuses, nowMs) as Doc;
  const cob = cobOf(statuses, nowMs) as Doc;
  const pump = (pumpOf(statuses) as { data?: Doc }).data;
  const upbat = upbatOf(statuses) as { level?: number };
  const basal = (basalOf(temps, profile, nowMs) as { current?: Doc }).current;
  const temp = basal?.treatment as Doc | undefined;
  const tempStart = temp ? Date.parse(String(temp.created_at)) : Number.NaN;
  const reservoir = (pump?.reservoir as Doc | undefined)?.value;
  const battery = pump?.battery as Doc | undefined;
  return {
    reportedAt: iso(statuses[0]?.mills),
    loop: loopPart(statuses),
    iob: typeof iob.iob === 'number' ? { units: iob.iob, at: iso(iob.mills) ?? iso(nowMs)! } : null,
    cob: typeof cob.cob === 'number' ? { grams: cob.cob, at: iso(cob.mills) ?? iso(nowMs)! } : null,
    pump: pump
      ? {
          reservoirUnits: numOrNull(reservoir),
          batteryPercent: battery?.unit === 'percent' ? numOrNull(battery.value) : null,
          batteryVolts: battery?.unit === 'volts' ? numOrNull(battery.value) : null,
        }
      : null,
    uploaderBatteryPercent: numOrNull(upbat.level),
    tempBasal:
      temp && Number.isFinite(tempStart)
        ? {
            ratePerHour: numOrNull(basal?.tempbasal),
            percent: numOrNull(Number(temp.percent)),
            scheduledPerHour: numOrNull(basal?.basal),
            startedAt: new Date(tempStart).toISOString(),
            endsAt: new Date(tempStart + Number(temp.duration) * 60_000).toISOString(),
          }
        : null,
    profile: active
      ? {
          name: active.profile,
          percentage: active.percentage,
          timeshiftHours: active.timeshiftHours,
          endsAt: switchEndsAt(active)?.toISOString() ?? null,
        }
      : null,
  };
};
