import {
  type ClinicianReportDays,
  createLocalClock,
  dayNumberToDate,
  LAB_FLAG_LABELS,
  type LabFlag,
  labNumberText,
  labValueText,
  localDayNumber,
  localMinuteOfDay,
  percentInTightRange,
  percentTimeCgmActive,
} from '@healthfolio/core';
import { type DatePrecision, recordDateIso } from '@healthfolio/core/units/date-precision';
import type { Database, Tx } from '../../db/database';
import { selectWindowColumns } from '../glucose/glucose.repository';
import { selectLabResults } from '../labs/labs.repository';
import type { PacketInsulin } from '../packets/insulin-data';
import { gatherPacketData, type PacketData } from '../packets/packet-data';

const DAY_MS = 86_400_000;
/** Daily profiles: the last 14 days of the window (all of a 14-day report). */
export const PROFILE_DAYS = 14;

export interface DayProfile {
  date: string;
  /** Minute of the local day and mg/dL, oldest first. */
  points: { minute: number; mgdl: number }[];
}

export interface ReportLab {
  testName: string;
  /** The value with its unit in words, as the lab screens print it. */
  value: string;
  reference: string | null;
  flag: string | null;
  date: string;
}

export interface ReportData extends Omit<PacketData, 'meter' | 'a1c' | 'questions'> {
  days: ClinicianReportDays;
  /** % of readings 70–140 mg/dL (the same readings as the time in range); null without readings. */
  tightRangePercent: number | null;
  cgmActivePercent: number;
  profiles: DayProfile[];
  labs: ReportLab[];
  /** The report always asks for glucose, so the insulin days are there. */
  insulin: PacketInsulin;
}

/** The latest result of each test in the last 12 months, newest first. */
const latestLabs = async (tx: Tx, userId: string, to: Date, timeZone: string): Promise<ReportLab[]> => {
  const since = to.getTime() - 365 * DAY_MS;
  const seen = new Set<string>();
  const out: ReportLab[] = [];
  for (const r of await selectLabResults(tx, userId, { limit: 2000 })) {
    if (r.effectiveAt.getTime() < since || seen.has(r.loinc)) continue;
    seen.add(r.loinc);
    const n = (v: number) => labNumberText(v, r.unit);
    // The unit is in the value's column; an exclusive high end ("below 100") reads as such.
    const range =
      r.referenceHigh !== null && r.referenceHighExclusive
        ? `Below ${n(r.referenceHigh)}`
        : r.referenceLow !== null && r.referenceHigh !== null
          ? `${n(r.referenceLow)}–${n(r.referenceHigh)}`
          : r.referenceLow !== null
            ? `${n(r.referenceLow)} or more`
            : r.referenceHigh !== null
              ? `${n(r.referenceHigh)} or less`
              : r.referenceText;
    out.push({
      testName: r.testName,
      value: r.value !== null ? labValueText(r.value, r.unit) : (r.valueText ?? '-'),
      reference: range,
      flag: r.flag ? (LAB_FLAG_LABELS[r.flag as LabFlag] ?? r.flag) : null,
      date: recordDateIso(r.effectiveAt, r.effectivePrecision as DatePrecision | null, timeZone),
    });
  }
  return out;
};

/** Everything the clinician report shows, read in the person's scope. */
export const gatherReportData = async (
  db: Database,
  userId: string,
  days: ClinicianReportDays,
): Promise<ReportData> => {
  const base = await gatherPacketData(db, userId, {
    days,
    categories: ['glucose', 'blood_pressure', 'weight', 'medications'],
    questions: [],
  });
  const { meter: _m, a1c: _a, questions: _q, insulin, ...packet } = base;
  const { from, to, timeZone } = packet;
  return db.readAsUser(userId, async (tx) => {
    const cols = await selectWindowColumns(tx, userId, from, to);
    const profileFrom = to.getTime() - PROFILE_DAYS * DAY_MS;
    const byDay = new Map<string, DayProfile>();
    const clock = createLocalClock(timeZone);
    cols.at.forEach((at, i) => {
      if (at < profileFrom) return;
      const local = clock(at);
      const date = dayNumberToDate(localDayNumber(local));
      const day = byDay.get(date) ?? { date, points: [] };
      day.points.push({ minute: localMinuteOfDay(local), mgdl: cols.mgdl[i]! });
      byDay.set(date, day);
    });
    const sensorReadings = cols.cgm.filter(Boolean).length;
    return {
      ...packet,
      insulin: insulin ?? { days: [], tempBasals: 0, percentOnly: 0 },
      days,
      tightRangePercent: percentInTightRange(cols.mgdl),
      cgmActivePercent: percentTimeCgmActive(sensorReadings, to.getTime() - from.getTime()),
      profiles: [...byDay.values()],
      labs: await latestLabs(tx, userId, to, timeZone),
    };
  });
};
