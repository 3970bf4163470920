import {
  AI_LIMITS,
  type AnalystMetrics,
  CURRENT_PRESSURE_MINUTES,
  CURRENT_READING_MINUTES,
  type EntryResponse,
  type GlucoseUnit,
  type NewestPressure,
  type NewestReading,
  OWN_RECORD,
  TRACKER_TITLES,
  type TrackerKey,
  type Whose,
} from '@healthfolio/core';
import { partialDateIso } from '@healthfolio/core/units/date-precision';
import type { Database } from '../../db/database';
import { listAppointments } from '../appointments/appointments.service';
import { getStreakSummary } from '../entries/achievements.service';
import { presentEntry } from '../entries/entries.presenter';
import { selectEntries } from '../entries/entries.repository';
import { selectReadings } from '../glucose/glucose.repository';
import { glucosePatterns, glucoseStats } from '../glucose/glucose.service';
import { listDoses } from '../medications/medications.service';
import { findProfile } from '../profiles/profiles.repository';

const DAY_MS = 86_400_000;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export interface UserSettings {
  timeZone: string;
  unit: GlucoseUnit;
  /** The person's name as the household shows it (their profile's), when they have one. */
  displayName: string | null;
}

export const userSettings = (db: Database, userId: string): Promise<UserSettings> =>
  db.asUser(userId, async (tx) => {
    const p = await findProfile(tx, userId);
    return {
      timeZone: p?.timezone ?? 'UTC',
      unit: (p?.glucoseUnit ?? 'mg/dL') as GlucoseUnit,
      displayName: p?.displayName?.trim() || null,
    };
  });

const dayLabel = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone }).format(d);
export const localTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    dateStyle: 'short',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));

/** The user's entries newest first since `days` ago, at most `limit` (only this user's: asUser + filter). */
export const recentEntries = (
  db: Database,
  userId: string,
  days: number,
  limit: number,
  tracker?: TrackerKey,
): Promise<EntryResponse[]> =>
  db.asUser(userId, async (tx) => {
    const from = new Date(Date.now() - days * DAY_MS).toISOString();
    const rows = await selectEntries(tx, userId, { tracker, from, order: 'desc', limit });
    return rows.slice(0, limit).map(presentEntry);
  });

export const adherence = async (db: Database, userId: string, days: number) => {
  const now = new Date();
  const from = new Date(now.getTime() - days * DAY_MS).toISOString();
  const { items } = await listDoses(db, userId, { from, to: now.toISOString(), limit: 1000 });
  const counts = { taken: 0, skipped: 0, missed: 0 };
  for (const d of items) {
    if (d.status === 'taken') counts.taken++;
    else if (d.status === 'skipped') counts.skipped++;
    else if (d.status === 'overdue') counts.missed++;
  }
  return counts;
};

export const upcomingAppointments = async (db: Database, userId: string, timeZone: string) => {
  const { items } = await listAppointments(db, userId, { when: 'upcoming', limit: 5 });
  return items.map((a) => ({
    provider: a.provider,
    when: localTime(a.startsAt, timeZone),
    reason: a.reason,
  }));
};

/**
 * The user's newest glucose reading of any source from the last CURRENT_READING_MINUTES (nothing dated
 * ahead of now), for the assistant's safety check; null when there is none that recent.
 */
export const newestReading = (db: Database, userId: string): Promise<NewestReading | null> =>
  db.asUser(userId, async (tx) => {
    const now = Date.now();
    const [row] = await selectReadings(tx, userId, {
      from: new Date(now - CURRENT_READING_MINUTES * 60_000).toISOString(),
      to: new Date(now + 60_000).toISOString(),
      order: 'desc',
      limit: 1,
    });
    if (!row) return null;
    const minutesAgo = Math.max(0, Math.round((now - new Date(row.recorded_at).getTime()) / 60_000));
    return { mgdl: Number(row.value_mgdl), minutesAgo };
  });

/**
 * The user's newest blood pressure entry from the last CURRENT_PRESSURE_MINUTES (nothing dated ahead of
 * now), for the assistant's safety check; null when there is none that recent.
 */
export const newestPressure = (db: Database, userId: string): Promise<NewestPressure | null> =>
  db.asUser(userId, async (tx) => {
    const now = Date.now();
    const [row] = await selectEntries(tx, userId, {
      tracker: 'blood-pressure',
      from: new Date(now - CURRENT_PRESSURE_MINUTES * 60_000).toISOString(),
      to: new Date(now + 60_000).toISOString(),
      order: 'desc',
      limit: 1,
    });
    if (!row) return null;
    const { data, occurredAt } = presentEntry(row);
    const systolic = num(data.systolic);
    const diastolic = num(data.diastolic);
    if (systolic === null || diastolic === null) return null;
    const minutesAgo = Math.max(0, Math.round((now - new Date(occurredAt).getTime()) / 60_000));
    return { systolic, diastolic, minutesAgo };
  });

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/**
 * Every figure the assistant and the built-in analyst may cite for one window, computed from the
 * user's own data by the same services the screens use (glucose statistics over all sources, entries,
 * streaks, doses, appointments). The patterns' words speak of whose record it is (`w`: the ward's,
 * named, while a guardian acts for them).
 */
export const windowMetrics = async (
  db: Database,
  userId: string,
  days: number,
  settings: UserSettings,
  w: Whose = OWN_RECORD,
): Promise<AnalystMetrics> => {
  const now = new Date();
  const [stats, entries, streak, doses, patterns, appointments] = await Promise.all([
    glucoseStats(db, userId, days),
    recentEntries(db, userId, days, AI_LIMITS.contextEntries * 5),
    getStreakSummary(db, userId),
    adherence(db, userId, days),
    glucosePatterns(db, userId, w.name ? { name: w.name } : null),
    upcomingAppointments(db, userId, settings.timeZone),
  ]);
  const bp = entries.filter((e) => e.tracker === 'blood-pressure');
  const weights = entries.filter((e) => e.tracker === 'weight' && num(e.data.weight) !== null);
  const s = stats.statistics;
  return {
    unit: settings.unit,
    days,
    windowLabel: days === 1 ? 'the last 24 hours' : `the last ${days} days`,
    windowDates: `${dayLabel(new Date(now.getTime() - days * DAY_MS), settings.timeZone)} – ${dayLabel(now, settings.timeZone)}`,
    glucose: {
      count: s?.count ?? 0,
      mean: s?.mean ?? null,
      percentInRange: s?.percentInRange ?? null,
      percentBelow70: s?.percentBelow70 ?? null,
      percentAbove180: s?.percentAbove180 ?? null,
      counts: {
        below70: (s?.bandCounts.very_low ?? 0) + (s?.bandCounts.low ?? 0),
        below54: s?.bandCounts.very_low ?? 0,
        above180: (s?.bandCounts.high ?? 0) + (s?.bandCounts.very_high ?? 0),
        above250: s?.bandCounts.very_high ?? 0,
      },
    },
    bloodPressure: {
      count: bp.length,
      systolic: mean(bp.map((e) => num(e.data.systolic)).filter((v): v is number => v !== null)),
      diastolic: mean(bp.map((e) => num(e.data.diastolic)).filter((v): v is number => v !== null)),
    },
    weight: {
      count: weights.length,
      first: num(weights.at(-1)?.data.weight),
      latest: num(weights[0]?.data.weight),
      unit: (weights[0]?.data.weightUnit as string | undefined) ?? null,
    },
    streak: { current: streak.currentStreak, longest: streak.longestStreak, entriesInWindow: entries.length },
    adherence: doses,
    patterns: patterns.patterns.map((p) => ({
      title: p.title,
      confidenceLabel: p.confidenceLabel,
      description: p.description,
    })),
    patternReadings: patterns.readings,
    appointments,
  };
};

/** One line per entry for the model: local time, tracker title, its data and notes (trimmed). */
export const entryLine = (e: EntryResponse, timeZone: string) => {
  const data = Object.entries(e.data)
    .filter(([k]) => k !== 'foods' && k !== 'aiEstimate')
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v.slice(0, 120) : JSON.stringify(v)}`)
    .join(', ');
  const notes = e.notes ? ` notes="${e.notes.slice(0, 200)}"` : '';
  // One its record dated only by day (month, year) has no time of day: its date as the record gave it.
  const when = e.occurredPrecision
    ? partialDateIso(e.occurredAt, e.occurredPrecision)
    : localTime(e.occurredAt, timeZone);
  return `- ${when} ${TRACKER_TITLES[e.tracker]}: ${data}${notes}`;
};
