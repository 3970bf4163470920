import {
  GLUCOSE_TARGET_DEFAULTS,
  type GlucoseTargetsResponse,
  nightscoutThresholds,
} from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { targetsIn } from '../glucose/glucose-targets.service';
import { findProfile } from '../profiles/profiles.repository';
import type { NsAuth } from './ns-auth';
import { type StoredDoc, selectDocs } from './ns-collections.repository';
import { v1Doc } from './ns-docs';
import { entryDevice } from './ns-entry-names';
import { NS_COMPAT_VERSION } from './ns-http';
import { activeSwitchAt, effectiveProfile, selectProfileSwitches } from './ns-profile-switch';
import {
  basalOf,
  bgnowOf,
  cobOf,
  deltaOf,
  directionOf,
  iobOf,
  loopOf,
  pumpOf,
  type Sgv,
  upbatOf,
} from './ns-properties';
import { selectNsReadings } from './ns-upload.repository';

export type NsUnits = 'mg/dl' | 'mmol';

/** The plugins a follower app looks for in `settings.enable` before it shows their pills. */
const ENABLED = [
  'careportal',
  'iob',
  'cob',
  'basal',
  'bage',
  'cage',
  'sage',
  'iage',
  'pump',
  'openaps',
  'loop',
  'upbat',
  'devicestatus',
  'profile',
  'bgnow',
  'delta',
  'direction',
  'timeago',
];

export interface PersonSettings {
  units: NsUnits;
  targets: Omit<GlucoseTargetsResponse, 'custom'>;
  title: string;
}

const DEFAULT_PERSON: PersonSettings = {
  units: 'mg/dl',
  targets: GLUCOSE_TARGET_DEFAULTS,
  title: 'Healthfolio',
};

/** Units, targets and name of the person a credential reads, in one read scope. */
export const personSettings = (db: Database, userId: string) =>
  db.readAsUser(userId, async (tx): Promise<PersonSettings> => {
    const [profile, targets] = [await findProfile(tx, userId), await targetsIn(tx, userId)];
    return {
      units: profile?.glucoseUnit === 'mmol/L' ? 'mmol' : 'mg/dl',
      targets,
      title: profile?.displayName?.trim() || 'Healthfolio',
    };
  });

/** Nightscout's `authorized` block: LoopFollow reads its JWT and permissions from status.json. */
export interface Authorized {
  token: string;
  sub: string;
  permissionGroups: string[][];
  iat: number;
  exp: number;
}

/**
 * The status document (lib/api/status.js): `settings` with the person's units and their targets as
 * Nightscout's `thresholds` and alarm lines, the plugins a follower looks for, the server's time.
 */
export const statusDoc = (person: PersonSettings = DEFAULT_PERSON, authorized: Authorized | null = null) => {
  const now = new Date();
  const thresholds = nightscoutThresholds(person.targets);
  return {
    status: 'ok',
    name: 'Healthfolio',
    version: NS_COMPAT_VERSION,
    // AndroidAPS' NSClient compares this number (major·10000 + minor·100 + patch) with its minimum.
    versionNum: NS_COMPAT_VERSION.split('.').reduce((n, part) => n * 100 + Number(part), 0),
    serverTime: now.toISOString(),
    serverTimeEpoch: now.getTime(),
    apiEnabled: true,
    careportalEnabled: true,
    boluscalcEnabled: false,
    settings: {
      units: person.units,
      timeFormat: 24,
      customTitle: person.title,
      theme: 'default',
      alarmUrgentHigh: true,
      alarmHigh: true,
      alarmLow: true,
      alarmUrgentLow: true,
      alarmTimeagoWarn: true,
      alarmTimeagoWarnMins: 15,
      alarmTimeagoUrgent: true,
      alarmTimeagoUrgentMins: 30,
      language: 'en',
      showPlugins: ENABLED.join(' '),
      showForecast: 'ar2 openaps',
      enable: ENABLED,
      thresholds,
      DEFAULT_FEATURES: [
        'bgnow',
        'delta',
        'direction',
        'timeago',
        'devicestatus',
        'upbat',
        'errorcodes',
        'profile',
      ],
      authDefaultRoles: 'denied',
    },
    extendedSettings: { devicestatus: { advanced: true } },
    authorized,
    runtimeState: 'loaded',
  };
};

export const sgvOf = (r: {
  recorded_at: Date;
  value_mgdl: number;
  trend: string | null;
  source: string;
}): Sgv => ({
  mgdl: r.value_mgdl,
  mills: new Date(r.recorded_at).getTime(),
  direction: r.trend,
  device: entryDevice(r.source),
});

/** What the plugins need, read in one scope: the last readings, recent statuses, temp basals, the profile. */
const pluginInputs = (db: Database, userId: string, nowMs: number, count: number) =>
  db.readAsUser(userId, async (tx) => {
    const since = new Date(nowMs - 24 * 3600_000).toISOString();
    // count 0: no readings wanted (the app's loop card has its own).
    const readings = count
      ? await selectNsReadings(tx, userId, { kind: 'sgv', count: Math.max(count, 2) })
      : [];
    const statuses = await selectDocs(tx, userId, 'devicestatus', {
      where: [sql`occurred_at >= ${new Date(nowMs - 3600_000).toISOString()}`],
      count: 20,
    });
    const temps = await selectDocs(tx, userId, 'treatments', {
      where: [sql`event_type = 'Temp Basal'`, sql`occurred_at >= ${since}`],
      count: 5,
    });
    const [stored] = await selectDocs(tx, userId, 'profile', { where: [], count: 1 });
    const active = activeSwitchAt(await selectProfileSwitches(tx, userId, nowMs), stored?.doc, nowMs);
    // The profile in force now: a profile switch's, scaled and shifted, else the store's default.
    const profile = effectiveProfile(stored?.doc, active);
    return { readings, statuses, temps, profile, active };
  });

const docs = (collection: 'devicestatus' | 'treatments', rows: StoredDoc[]) =>
  rows.map((r) => v1Doc(collection, r));

/** The device statuses of the last hour, the temp basals of the last day and the profile, as v1 documents. */
export const pluginDocs = async (db: Database, userId: string, nowMs: number) => {
  const input = await pluginInputs(db, userId, nowMs, 0);
  return {
    statuses: docs('devicestatus', input.statuses),
    temps: docs('treatments', input.temps),
    profile: input.profile,
    active: input.active,
  };
};

/** API v2 `properties` (all, or the names asked for), in the person's units. */
export const properties = async (db: Database, auth: NsAuth, selected: string[], nowMs = Date.now()) => {
  const person = await personSettings(db, auth.userId);
  const input = await pluginInputs(db, auth.userId, nowMs, 2);
  const sgvs = input.readings.map(sgvOf);
  const statuses = docs('devicestatus', input.statuses);
  const temps = docs('treatments', input.temps);
  const all: Record<string, unknown> = {
    bgnow: bgnowOf(sgvs, person.units),
    delta: deltaOf(sgvs, person.units),
    direction: directionOf(sgvs),
    iob: iobOf(statuses, nowMs),
    cob: cobOf(statuses, nowMs),
    upbat: upbatOf(statuses),
    pump: pumpOf(statuses),
    loop: loopOf(statuses),
    openaps: loopOf(statuses.filter((s) => s.openaps)),
    basal: basalOf(temps, input.profile, nowMs),
  };
  return selected.length ? Object.fromEntries(selected.filter((k) => k in all).map((k) => [k, all[k]])) : all;
};

const TREND: Record<string, number> = {
  NONE: 0,
  DoubleUp: 1,
  SingleUp: 2,
  FortyFiveUp: 3,
  Flat: 4,
  FortyFiveDown: 5,
  SingleDown: 6,
  DoubleDown: 7,
  'NOT COMPUTABLE': 8,
  'RATE OUT OF RANGE': 9,
};

/**
 * The most readings `/pebble` answers: Nightscout's are those it holds in memory, two days' worth,
 * and graph watch faces ask for them (`count=576`: 48 hours of 5-minute readings).
 */
const PEBBLE_MAX_COUNT = 2 * 24 * 60;

/** `/pebble` (lib/server/pebble.js): the last `count` readings, the first with delta, battery, IOB and COB. */
export const pebble = async (
  db: Database,
  auth: NsAuth,
  q: { count?: string; units?: string },
  nowMs = Date.now(),
) => {
  const person = await personSettings(db, auth.userId);
  const mmolOut = (q.units ?? person.units) === 'mmol';
  const count = Math.min(Math.max(Number.parseInt(q.count ?? '1', 10) || 1, 1), PEBBLE_MAX_COUNT);
  const input = await pluginInputs(db, auth.userId, nowMs, count);
  const sgvs = input.readings.map(sgvOf);
  const statuses = docs('devicestatus', input.statuses);
  const bgs: Record<string, unknown>[] = sgvs.slice(0, count).map((s) => ({
    sgv: mmolOut ? (Math.round((s.mgdl / 18.01559) * 10) / 10).toFixed(1) : String(s.mgdl),
    trend: s.direction && s.direction in TREND ? TREND[s.direction] : 8,
    direction: s.direction,
    datetime: s.mills,
  }));
  if (bgs[0]) {
    const delta = deltaOf(sgvs, mmolOut ? 'mmol' : 'mg/dl') as { scaled?: number };
    bgs[0].bgdelta = mmolOut ? (delta.scaled ?? 0).toFixed(1) : (delta.scaled ?? 0);
    const bat = upbatOf(statuses) as { level?: number };
    if (bat.level !== undefined && bat.level >= 0) bgs[0].battery = String(bat.level);
    const iob = iobOf(statuses, nowMs) as { display?: string };
    bgs[0].iob = iob.display ?? 0;
    const cob = cobOf(statuses, nowMs) as { display?: number };
    bgs[0].cob = cob.display ?? 0;
  }
  return { status: [{ now: nowMs }], bgs, cals: [] };
};
