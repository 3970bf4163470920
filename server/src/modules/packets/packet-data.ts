import {
  convertWeight,
  DOSE_STATUSES,
  type DoseStatus,
  ENTRY_PAGE_MAX,
  type GlucoseStatsResponse,
  type GlucoseUnit,
  HBA1C_LOINC,
  type TrackerKey,
  type WeightUnit,
} from '@healthfolio/core';
import type { PacketCategory } from '@healthfolio/core/packets/packet.schema';
import { type DatePrecision, recordDateIso } from '@healthfolio/core/units/date-precision';
import type { Database, Tx } from '../../db/database';
import { selectEntries } from '../entries/entries.repository';
import { glucoseStats } from '../glucose/glucose.service';
import { selectLabResults } from '../labs/labs.repository';
import { presentDose } from '../medications/medications.service';
import { selectDoses } from '../notifications/notifications.repository';
import { findProfile } from '../profiles/profiles.repository';
import { gatherInsulin, type PacketInsulin } from './insulin-data';
import { type MeterReadings, selectMeterReadings } from './meter-readings';

const DAY_MS = 86_400_000;

export interface TrendPoint {
  at: Date;
  /** Its record dated it only by year, month or day (core's date-precision.ts): printed so, no time. */
  precision?: DatePrecision | null;
  values: number[];
}

export interface MedicationAdherence {
  name: string;
  dosage: string;
  counts: Record<DoseStatus, number>;
}

/** Everything a packet shows, read in the owner's scope; a section is null when not chosen. */
export interface PacketData {
  ownerName: string;
  unit: GlucoseUnit;
  timeZone: string;
  days: number;
  from: Date;
  to: Date;
  /** Null when not chosen, or when the window has no CGM (sensor) readings. */
  glucose: GlucoseStatsResponse | null;
  /**
   * Glucose chosen but no CGM data: the meter readings of the window (null without any, and the packet
   * says so); undefined when glucose was not chosen or CGM data is shown.
   */
  meter: MeterReadings | null | undefined;
  bloodPressure: TrendPoint[] | null;
  weight: { points: TrendPoint[]; unit: WeightUnit } | null;
  medications: MedicationAdherence[] | null;
  a1c: { value: number; testDate: string; labName: string | null } | null | undefined;
  questions: string[];
  /** With glucose chosen: the daily bolus and basal insulin (the basal/bolus page); null otherwise. */
  insulin: PacketInsulin | null;
}

/** The newest entries of the window (at most a page), oldest first for the trend line. */
const entriesIn = async (tx: Tx, userId: string, tracker: TrackerKey, from: Date, to: Date) =>
  (
    await selectEntries(tx, userId, {
      tracker,
      from: from.toISOString(),
      to: to.toISOString(),
      order: 'desc',
      limit: ENTRY_PAGE_MAX,
    })
  )
    .slice(0, ENTRY_PAGE_MAX)
    .reverse();

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

const adherenceOf = (doses: ReturnType<typeof presentDose>[]): MedicationAdherence[] => {
  const byName = new Map<string, MedicationAdherence>();
  for (const d of doses) {
    const name = d.medicationName || 'Medication';
    const m =
      byName.get(name) ??
      ({
        name,
        dosage: d.dosage,
        counts: Object.fromEntries(DOSE_STATUSES.map((s) => [s, 0])) as Record<DoseStatus, number>,
      } satisfies MedicationAdherence);
    m.counts[d.status] += 1;
    byName.set(name, m);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
};

export const gatherPacketData = async (
  db: Database,
  userId: string,
  req: { days: number; categories: readonly PacketCategory[]; questions: string[] },
): Promise<PacketData> => {
  const want = (c: PacketCategory) => req.categories.includes(c);
  const to = new Date();
  const from = new Date(to.getTime() - req.days * DAY_MS);
  // The consensus metrics and the AGP come from the glucose statistics service (its own transaction).
  const stats = want('glucose') ? await glucoseStats(db, userId, req.days) : null;
  const glucose = stats && stats.gmiSufficiency.readings > 0 && stats.statistics ? stats : null;
  return db.readAsUser(userId, async (tx) => {
    const profile = await findProfile(tx, userId);
    const bp = want('blood_pressure') ? await entriesIn(tx, userId, 'blood-pressure', from, to) : null;
    const weights = want('weight') ? await entriesIn(tx, userId, 'weight', from, to) : null;
    const weightUnit = (weights?.at(-1)?.data.weightUnit ?? 'kg') as WeightUnit;
    const doses = want('medications')
      ? (await selectDoses(tx, userId, { from: from.toISOString(), to: to.toISOString(), limit: 999 })).map(
          (r) => presentDose(r, to),
        )
      : null;
    const meter = want('glucose') && !glucose ? await selectMeterReadings(tx, userId, from, to) : undefined;
    const timeZone = profile?.timezone ?? 'UTC';
    const insulin = want('glucose') ? await gatherInsulin(tx, userId, from, to, timeZone) : null;
    const a1cRow = want('a1c')
      ? (await selectLabResults(tx, userId, { loinc: HBA1C_LOINC, limit: 1 })).find((r) => r.value !== null)
      : undefined;
    return {
      ownerName: profile?.displayName ?? 'Healthfolio user',
      unit: (profile?.glucoseUnit ?? 'mg/dL') as GlucoseUnit,
      timeZone: profile?.timezone ?? 'UTC',
      days: req.days,
      from,
      to,
      glucose,
      meter,
      bloodPressure: bp
        ? bp.map((e) => ({
            at: new Date(e.occurred_at),
            precision: e.occurred_precision as DatePrecision | null,
            values: [num(e.data.systolic) ?? Number.NaN, num(e.data.diastolic) ?? Number.NaN],
          }))
        : null,
      weight: weights
        ? {
            unit: weightUnit,
            // Every entry in the unit of the latest one.
            points: weights
              .filter((e) => num(e.data.weight) !== null)
              .map((e) => ({
                at: new Date(e.occurred_at),
                precision: e.occurred_precision as DatePrecision | null,
                values: [convertWeight(num(e.data.weight)!, e.data.weightUnit as WeightUnit, weightUnit)],
              })),
          }
        : null,
      medications: doses ? adherenceOf(doses) : null,
      a1c: want('a1c')
        ? a1cRow
          ? {
              value: a1cRow.value!,
              testDate: recordDateIso(
                a1cRow.effectiveAt,
                a1cRow.effectivePrecision as DatePrecision | null,
                profile?.timezone ?? 'UTC',
              ),
              labName: a1cRow.labName,
            }
          : null
        : undefined,
      questions: req.questions,
      insulin,
    };
  });
};
