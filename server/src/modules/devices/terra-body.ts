import { GLUCOSE_LOG_MAX_MGDL, GLUCOSE_LOG_MIN_MGDL, isNotInFuture } from '@healthfolio/core';

/**
 * Terra's body data (`data[]` of a `body` webhook or GET /body) as what Healthfolio keeps: glucose
 * samples (mg/dL), weights (kg) and blood pressure. Anything malformed or implausible is left out.
 */

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(obj) : []);
const time = (v: unknown) => {
  const ms = typeof v === 'string' ? Date.parse(v) : Number.NaN;
  // Nothing health-related is dated in the future (a sample after now is left out like a malformed one).
  return Number.isNaN(ms) || !isNotInFuture(ms) ? null : ms;
};
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export interface TerraBody {
  glucose: { atMs: number; mgdl: number }[];
  weights: { atMs: number; kg: number }[];
  pressures: { atMs: number; systolic: number; diastolic: number }[];
}

export const readTerraBody = (data: unknown): TerraBody => {
  const out: TerraBody = { glucose: [], weights: [], pressures: [] };
  for (const item of arr(data)) {
    const glucose = obj(item.glucose_data);
    for (const s of [...arr(glucose.blood_glucose_samples), ...arr(glucose.detailed_blood_glucose_samples)]) {
      const atMs = time(s.timestamp);
      const mgdl = num(s.blood_glucose_mg_per_dL);
      if (atMs !== null && mgdl !== null && mgdl >= GLUCOSE_LOG_MIN_MGDL && mgdl <= GLUCOSE_LOG_MAX_MGDL)
        out.glucose.push({ atMs, mgdl });
    }
    for (const m of arr(obj(item.measurements_data).measurements)) {
      const atMs = time(m.measurement_time);
      const kg = num(m.weight_kg);
      if (atMs !== null && kg !== null && kg > 0 && kg <= 450)
        out.weights.push({ atMs, kg: Math.round(kg * 10) / 10 });
    }
    for (const p of arr(obj(item.blood_pressure_data).blood_pressure_samples)) {
      const atMs = time(p.timestamp);
      const systolic = num(p.systolic_bp);
      const diastolic = num(p.diastolic_bp);
      if (atMs === null || systolic === null || diastolic === null) continue;
      const s = Math.round(systolic);
      const d = Math.round(diastolic);
      if (s >= 50 && s <= 300 && d >= 20 && d <= 200 && s > d)
        out.pressures.push({ atMs, systolic: s, diastolic: d });
    }
  }
  // A reading in both the summary and the detailed samples is the same reading.
  out.glucose = [...new Map(out.glucose.map((g) => [g.atMs, g])).values()];
  return out;
};
