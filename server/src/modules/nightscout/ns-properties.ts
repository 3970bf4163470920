/**
 * Nightscout's server-side plugin properties (API v2 `properties`, what Nightguard, watch faces and
 * the pebble endpoint read): computed from the stored readings, device status, treatments and the
 * current profile as cgm-remote-monitor's bgnow, delta, direction, iob, cob, upbat, pump, loop and
 * basal plugins do, for the fields followers read. Pure functions over plain documents.
 */
type Doc = Record<string, unknown>;

export interface Sgv {
  mgdl: number;
  mills: number;
  direction: string | null;
  device: string;
}

const MIN = 60_000;
/** Device status older than this says nothing about now (Nightscout's iob/cob RECENCY_THRESHOLD). */
const RECENT_MS = 30 * MIN;

const obj = (v: unknown): Doc | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Doc) : undefined;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const timeMs = (v: unknown) => {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return undefined;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? undefined : ms;
};
const fixed = (n: number, digits = 2) => (Math.round(n * 10 ** digits) / 10 ** digits).toFixed(digits);
const mmol = (mgdl: number) => Math.round((mgdl / 18.01559) * 10) / 10;

const ARROWS: Record<string, string> = {
  DoubleUp: '⇈',
  SingleUp: '↑',
  FortyFiveUp: '↗',
  Flat: '→',
  FortyFiveDown: '↘',
  SingleDown: '↓',
  DoubleDown: '⇊',
  'NOT COMPUTABLE': '-',
  'RATE OUT OF RANGE': '⇕',
  NONE: '⇼',
};

export const bgnowOf = (sgvs: Sgv[], units: 'mg/dl' | 'mmol') => {
  const last = sgvs[0];
  if (!last) return {};
  const scaled = units === 'mmol' ? mmol(last.mgdl) : last.mgdl;
  return {
    mean: last.mgdl,
    last: last.mgdl,
    mills: last.mills,
    sgvs: [
      {
        mgdl: last.mgdl,
        scaled,
        mills: last.mills,
        device: last.device,
        direction: last.direction,
        type: 'sgv',
      },
    ],
  };
};

/** The change from the reading about 5 minutes before, scaled to 5 minutes as Nightscout interpolates. */
export const deltaOf = (sgvs: Sgv[], units: 'mg/dl' | 'mmol') => {
  const [last, previous] = sgvs;
  if (!last || !previous) return {};
  const elapsedMins = (last.mills - previous.mills) / MIN;
  if (elapsedMins <= 0 || elapsedMins > 15) return {};
  const interpolated = elapsedMins > 9.5;
  const absolute = last.mgdl - previous.mgdl;
  const mgdl = Math.round(interpolated ? (absolute * 5) / elapsedMins : absolute);
  const scaled = units === 'mmol' ? Math.round((mgdl / 18.01559) * 10) / 10 : mgdl;
  const display = `${scaled >= 0 ? '+' : ''}${units === 'mmol' ? scaled.toFixed(1) : scaled}`;
  return {
    absolute,
    elapsedMins,
    interpolated,
    mean5MinsAgo: previous.mgdl,
    mgdl,
    scaled,
    display,
    previous: { mean: previous.mgdl, last: previous.mgdl, mills: previous.mills },
  };
};

export const directionOf = (sgvs: Sgv[]) => {
  const value = sgvs[0]?.direction;
  if (!value) return {};
  return { value, label: ARROWS[value] ?? '-', display: ARROWS[value] ?? '-' };
};

/** IOB from the newest recent device status: Loop's first, else OpenAPS/AndroidAPS', else the pump's. */
export const iobOf = (statuses: Doc[], nowMs: number) => {
  const found = recent(statuses, nowMs)
    .map((s) => {
      const loop = obj(obj(s.loop)?.iob);
      if (loop && num(loop.iob) !== undefined)
        return {
          iob: loop.iob as number,
          source: 'Loop',
          device: s.device,
          mills: timeMs(loop.timestamp) ?? (s.mills as number),
        };
      let aps = obj(s.openaps)?.iob;
      if (Array.isArray(aps)) aps = aps[0];
      const a = obj(aps);
      if (a && num(a.iob) !== undefined)
        return {
          iob: a.iob as number,
          basaliob: a.basaliob,
          activity: a.activity,
          source: 'OpenAPS',
          device: s.device,
          mills: timeMs(a.time ?? a.timestamp) ?? (s.mills as number),
        };
      const pump = obj(obj(s.pump)?.iob);
      const pumpIob = num(pump?.iob) ?? num(pump?.bolusiob);
      if (pumpIob !== undefined)
        return {
          iob: pumpIob,
          source: obj(s.connect) ? 'MM Connect' : undefined,
          device: s.device,
          mills: s.mills as number,
        };
      return null;
    })
    .filter((x) => x !== null);
  const pick = found.find((f) => f.source === 'Loop') ?? found[0];
  if (!pick) return {};
  const iob = Math.round(pick.iob * 1000) / 1000;
  const display = fixed(iob);
  return { ...pick, iob, display, displayLine: `IOB: ${display}U` };
};

/** COB from the newest recent device status: Loop's `cob`, or OpenAPS' enacted/suggested `COB`. */
export const cobOf = (statuses: Doc[], nowMs: number) => {
  for (const s of recent(statuses, nowMs)) {
    const loop = obj(obj(s.loop)?.cob);
    let cob: number | undefined;
    let mills = s.mills as number;
    let source = '';
    if (loop && num(loop.cob) !== undefined) {
      cob = loop.cob as number;
      mills = timeMs(loop.timestamp) ?? mills;
      source = 'Loop';
    } else if (obj(s.openaps)) {
      const aps = obj(s.openaps)!;
      const candidates = [obj(aps.enacted), obj(aps.suggested)].filter((c) => c && num(c.COB) !== undefined);
      candidates.sort((a, b) => (timeMs(b!.timestamp) ?? 0) - (timeMs(a!.timestamp) ?? 0));
      const c = candidates[0];
      if (c) {
        cob = c.COB as number;
        mills = timeMs(c.timestamp) ?? mills;
        source = 'OpenAPS';
      }
    }
    if (cob === undefined) continue;
    const display = Math.round(cob * 10) / 10;
    return { cob, source, device: s.device, mills, display, displayLine: `COB: ${display}g` };
  }
  return {};
};

const recent = (statuses: Doc[], nowMs: number) =>
  statuses.filter(
    (s) => typeof s.mills === 'number' && s.mills >= nowMs - RECENT_MS && s.mills <= nowMs + 5 * MIN,
  );

/** The uploader's battery (the phone's), from the newest status that has one. */
export const upbatOf = (statuses: Doc[]) => {
  for (const s of statuses) {
    const u = obj(s.uploader);
    // AndroidAPS sends `uploaderBattery` at the top; Nightscout's own uploaders `uploader.battery`.
    const level = num(u?.battery) ?? num(s.uploaderBattery);
    if (level === undefined) continue;
    return {
      display: `${level}%`,
      level,
      status: level <= 20 ? 'urgent' : level <= 30 ? 'warn' : 'ok',
      devices: {
        [String(s.device ?? 'uploader')]: {
          name: String(s.device ?? 'uploader'),
          min: { value: level, level },
        },
      },
    };
  }
  return {};
};

/** Pump reservoir, battery and clock from the newest status that has a pump. */
export const pumpOf = (statuses: Doc[]) => {
  for (const s of statuses) {
    const p = obj(s.pump);
    if (!p) continue;
    const reservoir = num(p.reservoir);
    const battery = obj(p.battery);
    const percent = num(battery?.percent);
    const voltage = num(battery?.voltage);
    const data: Doc = {
      level: 'none',
      clock: p.clock !== undefined ? { value: timeMs(p.clock), display: String(p.clock) } : undefined,
      reservoir:
        reservoir !== undefined ? { value: reservoir, display: `${reservoir.toFixed(1)}U` } : undefined,
      battery:
        percent !== undefined
          ? { value: percent, unit: 'percent', display: `${percent}%` }
          : voltage !== undefined
            ? { value: voltage, unit: 'volts', display: `${voltage.toFixed(2)}v` }
            : undefined,
      status: obj(p.status)
        ? { value: obj(p.status)!.status, display: String(obj(p.status)!.status ?? '') }
        : undefined,
      device: { value: s.device, display: String(s.device ?? '') },
    };
    return { data, pump: p };
  }
  return {};
};

/** When the loop last ran and whether it enacted: Loop's `loop`, AndroidAPS/OpenAPS' `openaps`. */
export const loopOf = (statuses: Doc[]) => {
  for (const s of statuses) {
    const loop = obj(s.loop);
    if (loop) {
      const failed = typeof loop.failureReason === 'string';
      const enacted = obj(loop.enacted);
      return {
        lastLoop: loop,
        lastOkMoment: failed ? undefined : timeMs(loop.timestamp),
        lastEnacted: enacted,
        lastPredicted: obj(loop.predicted),
        display: failed
          ? { symbol: 'x', code: 'error', label: 'Error' }
          : enacted
            ? { symbol: '⌁', code: 'enacted', label: 'Enacted' }
            : { symbol: '↻', code: 'looping', label: 'Looping' },
      };
    }
    const aps = obj(s.openaps);
    if (aps) {
      const enacted = obj(aps.enacted);
      const suggested = obj(aps.suggested);
      const enactedMs = timeMs(enacted?.timestamp);
      return {
        lastEnacted: enacted,
        lastSuggested: suggested,
        lastIOB: obj(aps.iob),
        lastLoopMoment: enactedMs ?? timeMs(suggested?.timestamp),
        status:
          enacted && enacted.received !== false
            ? { symbol: '⌁', code: 'enacted', label: 'Enacted' }
            : { symbol: '↻', code: 'looping', label: 'Looping' },
      };
    }
  }
  return {};
};

/** The profile basal rate at an instant: the schedule of the active profile, in its time zone. */
export const profileBasalAt = (profile: Doc | undefined, nowMs: number) => {
  const store = obj(profile?.store);
  const name = typeof profile?.defaultProfile === 'string' ? profile.defaultProfile : undefined;
  const active = obj(name ? store?.[name] : undefined);
  const basal = Array.isArray(active?.basal) ? (active.basal as Doc[]) : [];
  if (!basal.length) return undefined;
  const zone = typeof active?.timezone === 'string' ? active.timezone : 'UTC';
  let seconds: number;
  try {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(nowMs);
    const part = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
    seconds = part('hour') * 3600 + part('minute') * 60 + part('second');
  } catch {
    seconds = Math.floor((nowMs % 86_400_000) / 1000);
  }
  let rate: number | undefined;
  for (const b of basal) {
    const at =
      num(b.timeAsSeconds) ??
      (typeof b.time === 'string' ? Number(b.time.slice(0, 2)) * 3600 + Number(b.time.slice(3, 5)) * 60 : 0);
    if (at <= seconds && num(Number(b.value)) !== undefined) rate = Number(b.value);
  }
  return rate;
};

/** The temp basal running now: the newest `Temp Basal` treatment whose duration has not run out. */
export const activeTempBasal = (treatments: Doc[], nowMs: number) => {
  for (const t of treatments) {
    if (t.eventType !== 'Temp Basal') continue;
    const start = timeMs(t.created_at) ?? num(t.mills);
    const duration = num(Number(t.duration));
    if (start === undefined || start > nowMs) continue;
    if (duration === undefined || start + duration * MIN <= nowMs) return undefined;
    return t;
  }
  return undefined;
};

export const basalOf = (treatments: Doc[], profile: Doc | undefined, nowMs: number) => {
  const scheduled = profileBasalAt(profile, nowMs);
  const temp = activeTempBasal(treatments, nowMs);
  if (scheduled === undefined && !temp) return {};
  let tempbasal: number | undefined;
  if (temp) {
    const absolute = num(Number(temp.absolute ?? temp.rate));
    const percent = num(Number(temp.percent));
    tempbasal =
      absolute ??
      (percent !== undefined && scheduled !== undefined ? (scheduled * (100 + percent)) / 100 : undefined);
  }
  const total = tempbasal ?? scheduled ?? 0;
  return {
    display: `${temp ? 'T: ' : ''}${Number(total.toFixed(3))}U`,
    current: { basal: scheduled, tempbasal, totalbasal: total, treatment: temp },
  };
};
