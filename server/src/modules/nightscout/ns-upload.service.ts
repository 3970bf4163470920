import { createHash } from 'node:crypto';
import { TRACKER_DATA } from '@healthfolio/core';
import type { Database } from '../../db/database';
import { recordAudit } from '../audit/audit.service';
import { type Announcer, announceNotices, writeReadings } from '../glucose/write-readings';
import { type NsReading, type NsTreatment, parseEntries, parseTreatments } from './ns-payload';
import { claimEntryKey, insertEntryWithId, selectNsReadings } from './ns-upload.repository';

/** Uploaded sensor readings carry the uploading device, so (time, device) is the idempotency key. */
export const uploadSource = (device: string) => `device:nightscout:${device}`;

/** Nightscout documents have a 24-hex `_id`; ours is derived, so a replay answers the same one. */
export const nsId = (...parts: (string | number)[]) =>
  createHash('sha1').update(parts.join('|')).digest('hex').slice(0, 24);

const entryDoc = (userId: string, r: NsReading) => ({
  _id: nsId(userId, r.kind, r.atMs, r.device),
  type: r.kind,
  [r.kind]: r.mgdl,
  date: r.atMs,
  dateString: new Date(r.atMs).toISOString(),
  sysTime: new Date(r.atMs).toISOString(),
  device: r.device,
  ...(r.direction ? { direction: r.direction } : {}),
  utcOffset: 0,
});

export const storeEntries = async (db: Database, notifier: Announcer, userId: string, body: unknown) => {
  const { readings, skipped } = parseEntries(body);
  const { docs, notices } = await db.asUser(userId, async (tx) => {
    const bySource = new Map<string, { at: string; mgdl: number }[]>();
    for (const r of readings) {
      // A fingerstick is a meter reading wherever it was typed in; sensor readings keep their device.
      const source = r.kind === 'mbg' ? 'meter' : uploadSource(r.device);
      const list = bySource.get(source) ?? [];
      list.push({ at: new Date(r.atMs).toISOString(), mgdl: r.mgdl });
      bySource.set(source, list);
    }
    const { inserted, notices } = await writeReadings(tx, userId, bySource);
    if (readings.length)
      await recordAudit(tx, userId, 'import', 'glucose_reading', null, {
        source: 'nightscout-upload',
        received: readings.length,
        inserted,
        skipped,
      });
    return { docs: readings.map((r) => entryDoc(userId, r)), notices };
  });
  await announceNotices(notifier, userId, notices);
  return docs;
};

const round = (n: number, step: number) => Math.round(n / step) * step;

/** Insulin from a treatment, as the insulin tracker keeps it; a correction bolus is all correction. */
const insulinData = (t: NsTreatment, units: number) => {
  const correction = /correction/i.test(t.eventType);
  const total = round(units, 0.01);
  return TRACKER_DATA.insulin.safeParse({
    meal_insulin: correction ? 0 : total,
    correction_insulin: correction ? total : 0,
    total_insulin: total,
    ...(t.carbs !== null ? { carbs: round(t.carbs, 0.1) } : {}),
  });
};

const mealData = (carbs: number) => TRACKER_DATA.meal.safeParse({ carbs: round(carbs, 0.1) });

/**
 * Carbs become a meal entry and insulin an insulin entry (a meal bolus both), each once: the
 * (kind, time, device) key is claimed first, and only a new claim writes the entry.
 */
export const storeTreatments = (db: Database, userId: string, body: unknown) => {
  const { treatments, skipped } = parseTreatments(body);
  return db.asUser(userId, async (tx) => {
    let created = 0;
    for (const t of treatments) {
      const parts = [
        t.insulin !== null ? { tracker: 'insulin' as const, data: insulinData(t, t.insulin) } : null,
        t.carbs !== null ? { tracker: 'meal' as const, data: mealData(t.carbs) } : null,
      ];
      for (const part of parts) {
        if (!part?.data.success) continue;
        const entryId = await claimEntryKey(
          tx,
          userId,
          'nightscout',
          `${part.tracker}:${t.atMs}:${t.device}`,
        );
        if (!entryId) continue;
        await insertEntryWithId(tx, {
          id: entryId,
          userId,
          tracker: part.tracker,
          occurredAt: new Date(t.atMs),
          notes: t.notes,
          data: part.data.data as Record<string, unknown>,
        });
        created++;
      }
    }
    if (treatments.length)
      await recordAudit(tx, userId, 'import', 'entry', null, {
        source: 'nightscout-upload',
        received: treatments.length,
        inserted: created,
        skipped,
      });
    return { treatments, skipped };
  });
};

export const readEntries = (
  db: Database,
  userId: string,
  q: { kind: 'sgv' | 'mbg' | 'all'; count: number; fromMs?: number; toMs?: number },
) =>
  db.asUser(userId, async (tx) =>
    (await selectNsReadings(tx, userId, q)).map((r) => {
      const atMs = new Date(r.recorded_at).getTime();
      const kind = r.source === 'manual' || r.source === 'meter' ? ('mbg' as const) : ('sgv' as const);
      const device = r.source.startsWith('device:nightscout:')
        ? r.source.slice('device:nightscout:'.length)
        : `healthfolio-${r.source}`;
      return {
        ...entryDoc(userId, { kind, atMs, mgdl: r.value_mgdl, device, direction: null }),
        mills: atMs,
      };
    }),
  );
