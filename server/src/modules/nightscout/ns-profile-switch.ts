import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';

/**
 * Profile switches, as cgm-remote-monitor's lib/profilefunctions.js reads them: the active profile at
 * an instant is the newest "Profile Switch" treatment at or before it (and after the profile store's
 * start) that is permanent (duration 0) or still running; without one, the store's `defaultProfile`.
 * The switch names a profile of the store, or brings its own (`profileJson`, AndroidAPS), and may
 * scale it (`percentage`: basal × p/100, carb ratio and sensitivity × 100/p) and shift it in time
 * (`timeshift`, hours), as AndroidAPS doses with it.
 */

type Doc = Record<string, unknown>;

export interface ProfileSwitch {
  occurredAt: Date;
  profile: string;
  percentage: number;
  timeshiftHours: number;
  durationMinutes: number;
  profileJson: Doc | null;
}

const MIN = 60_000;
const DAY_S = 86_400;
const finite = (v: unknown) => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};
const obj = (v: unknown): Doc | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Doc) : undefined;
const parsedJson = (v: unknown): Doc | null => {
  if (obj(v)) return v as Doc;
  if (typeof v !== 'string' || v.length > 200_000) return null;
  try {
    return obj(JSON.parse(v)) ?? null;
  } catch {
    return null;
  }
};

/** A treatment document's switch, or null when it is none (or names no profile). */
export const switchOf = (doc: Doc): Omit<ProfileSwitch, 'occurredAt'> | null => {
  if (doc.eventType !== 'Profile Switch') return null;
  const profile = typeof doc.profile === 'string' ? doc.profile.trim().slice(0, 200) : '';
  if (!profile) return null;
  const percentage = finite(doc.percentage);
  const duration = finite(doc.duration);
  return {
    profile,
    percentage: percentage !== undefined && percentage > 0 && percentage <= 1000 ? percentage : 100,
    timeshiftHours: finite(doc.timeshift) ?? 0,
    durationMinutes: duration !== undefined && duration > 0 ? duration : 0,
    profileJson: parsedJson(doc.profileJson),
  };
};

/**
 * The switches of a batch of stored treatments (by their dedupe key), replaced when the treatment is
 * sent again; a switch goes with its treatment (foreign key). One statement, only when there are any.
 */
export const upsertProfileSwitches = async (
  tx: Tx,
  userId: string,
  rows: { dedupeKey: string; doc: Doc }[],
) => {
  const json = rows.flatMap((r) => {
    const s = switchOf(r.doc);
    return s
      ? [
          {
            dedupe_key: r.dedupeKey,
            profile: s.profile,
            percentage: s.percentage,
            timeshift_hours: s.timeshiftHours,
            duration_minutes: s.durationMinutes,
            profile_json: s.profileJson,
          },
        ]
      : [];
  });
  if (!json.length) return;
  await tx.execute(sql`
    insert into ns_profile_switches
      (treatment_id, user_id, occurred_at, profile, percentage, timeshift_hours, duration_minutes, profile_json)
    select t.id, t.user_id, t.occurred_at, r.profile, r.percentage, r.timeshift_hours, r.duration_minutes,
      r.profile_json
    from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as r(dedupe_key text, profile text,
      percentage float8, timeshift_hours float8, duration_minutes float8, profile_json jsonb)
    join ns_treatments t on t.user_id = ${userId} and t.dedupe_key = r.dedupe_key
    on conflict (treatment_id) do update set occurred_at = excluded.occurred_at, profile = excluded.profile,
      percentage = excluded.percentage, timeshift_hours = excluded.timeshift_hours,
      duration_minutes = excluded.duration_minutes, profile_json = excluded.profile_json`);
};

/** The newest switches up to `toMs` (newest first), enough to know what was active in a window. */
export const selectProfileSwitches = async (tx: Tx, userId: string, toMs: number, count = 50) => {
  const { rows } = await tx.execute<{
    occurred_at: Date | string;
    profile: string;
    percentage: number;
    timeshift_hours: number;
    duration_minutes: number;
    profile_json: Doc | null;
  }>(sql`
    select occurred_at, profile, percentage, timeshift_hours, duration_minutes, profile_json
    from ns_profile_switches
    where user_id = ${userId} and occurred_at <= ${new Date(toMs).toISOString()}
    order by occurred_at desc limit ${count}`);
  return rows.map(
    (r): ProfileSwitch => ({
      occurredAt: new Date(r.occurred_at),
      profile: r.profile,
      percentage: Number(r.percentage),
      timeshiftHours: Number(r.timeshift_hours),
      durationMinutes: Number(r.duration_minutes),
      profileJson: r.profile_json,
    }),
  );
};

const startOf = (profile: Doc | undefined) => {
  const at = profile?.startDate ?? profile?.created_at;
  const ms = typeof at === 'string' ? Date.parse(at) : finite(profile?.mills);
  return ms !== undefined && Number.isFinite(ms) ? ms : Number.NEGATIVE_INFINITY;
};

/**
 * The switch in force at `atMs` (Nightscout's activeProfileTreatmentToTime): the newest one at or
 * before it, no older than the profile store, that is permanent or still running; a temporary one
 * that ran out hands back to the permanent one before it. `switches` newest first.
 */
export const activeSwitchAt = (switches: ProfileSwitch[], profile: Doc | undefined, atMs: number) => {
  const since = startOf(profile);
  let active: ProfileSwitch | undefined;
  for (let i = switches.length - 1; i >= 0; i--) {
    const s = switches[i]!;
    const start = s.occurredAt.getTime();
    if (start > atMs || start < since) continue;
    if (s.durationMinutes === 0 || atMs < start + s.durationMinutes * MIN) active = s;
  }
  return active;
};

/** When a switch in force ends (a temporary one), else null. */
export const switchEndsAt = (s: ProfileSwitch) =>
  s.durationMinutes > 0 ? new Date(s.occurredAt.getTime() + s.durationMinutes * MIN) : null;

const secondsOf = (entry: Doc) => {
  const at = finite(entry.timeAsSeconds);
  if (at !== undefined) return at;
  const m = typeof entry.time === 'string' ? /^(\d{1,2}):(\d{2})/.exec(entry.time) : null;
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 : 0;
};
const hhmm = (s: number) =>
  `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`;

/**
 * A schedule scaled and shifted: the value at wall time w is the original's at w + shift (Nightscout
 * adds the time shift before it looks the value up).
 */
const adjusted = (schedule: unknown, factor: number, shiftHours: number) => {
  if (!Array.isArray(schedule)) return schedule;
  const entries = (schedule as Doc[])
    .filter((e) => obj(e) && finite(e.value) !== undefined)
    .map((e) => ({ at: secondsOf(e), value: finite(e.value)! * factor }))
    .sort((a, b) => a.at - b.at);
  if (!entries.length) return schedule;
  const shift = ((Math.round(shiftHours * 3600) % DAY_S) + DAY_S) % DAY_S;
  const valueAt = (s: number) => {
    let v = entries[entries.length - 1]!.value;
    for (const e of entries) if (e.at <= s) v = e.value;
    return v;
  };
  const starts = new Map<number, number>([[0, valueAt(shift)]]);
  for (const e of entries) starts.set((((e.at - shift) % DAY_S) + DAY_S) % DAY_S, e.value);
  return [...starts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([at, value]) => ({ time: hhmm(at), timeAsSeconds: at, value: Number(value.toFixed(4)) }));
};

/**
 * The profile document as it is in force under a switch: `defaultProfile` the switch's profile (the
 * store's, else the one it brought), scaled and shifted. Unchanged without a switch, or when the
 * switch's profile is nowhere to be found (Nightscout then keeps the store's default too).
 */
export const effectiveProfile = (profile: Doc | undefined, s: ProfileSwitch | undefined) => {
  if (!s) return profile;
  const store = obj(profile?.store) ?? {};
  const base = obj(store[s.profile]) ?? (s.profileJson && obj(s.profileJson) ? s.profileJson : undefined);
  if (!base) return profile;
  const p = s.percentage;
  const changed = p !== 100 || s.timeshiftHours % 24 !== 0;
  const named = changed
    ? {
        ...base,
        basal: adjusted(base.basal, p / 100, s.timeshiftHours),
        carbratio: adjusted(base.carbratio, 100 / p, s.timeshiftHours),
        sens: adjusted(base.sens, 100 / p, s.timeshiftHours),
        target_low: adjusted(base.target_low, 1, s.timeshiftHours),
        target_high: adjusted(base.target_high, 1, s.timeshiftHours),
      }
    : base;
  return { ...(profile ?? {}), defaultProfile: s.profile, store: { ...store, [s.profile]: named } };
};
