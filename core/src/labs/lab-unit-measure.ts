/**
 * Which unit spellings are one measure, and how far apart (a power of ten) they are. Reports write the
 * same unit many ways: platelets as 10*9/L, 10^9/L, x10E9/L, G/L, 10*3/uL, K/uL or thou/uL (all the
 * same number); a red cell count as 10*12/L, T/L, 10*6/uL or M/uL; mg/dl for mg/dL. A spelling this
 * rule does not know is a measure of its own: only the very same spelling matches it.
 */
export interface UnitMeasure {
  /** What is measured: mass, amount (mol) or count per volume, a percentage…; or the spelling itself. */
  kind: string;
  /** The unit is 10^exp of the kind's base (g/L, mol/L, per L, U/L, mIU/L). */
  exp: number;
}

/** Volumes a concentration is per, as powers of ten of a litre. */
const VOLUME: Record<string, number> = { l: 0, dl: -1, ml: -3, ul: -6, mm3: -6, nl: -9 };
const MASS: Record<string, number> = { g: 0, mg: -3, ug: -6, mcg: -6, ng: -9, pg: -12 };
const AMOUNT: Record<string, number> = { mol: 0, mmol: -3, umol: -6, nmol: -9, pmol: -12 };
/** Counts per volume as reports write them ("K/uL", "thou/uL", "M/uL", "G/L", "T/L", "cells/uL"). */
const COUNT: Record<string, number> = {
  '': 0,
  cells: 0,
  '{cells}': 0,
  k: 3,
  thou: 3,
  thous: 3,
  thousand: 3,
  m: 6,
  mil: 6,
  mill: 6,
  million: 6,
  G: 9,
  T: 12,
};
/** Enzyme and hormone activity: U/L is IU/L; mIU/L is µIU/mL. */
const ACTIVITY: Record<string, number> = {
  u: 0,
  iu: 0,
  '[iu]': 0,
  mu: -3,
  miu: -3,
  'm[iu]': -3,
  uiu: -6,
  'u[iu]': -6,
};
/** The eGFR unit's spellings. */
const EGFR = /^ml\/min\/(?:\{1\.73_?m2\}|1\.73_?m2|1\.73_?m\^2)$/;
/** A power of ten before a count: 10*9, 10^9, x10E9, ×10^9, 10e9. */
const POWER = /^(?:[x×*])?10(?:\*|\^|e)(\d{1,2})$/i;

/** The spelling with spaces, the micro sign and a leading "×" written one way. */
const tidy = (unit: string) =>
  unit
    .trim()
    .replace(/\s+/g, '')
    .replace(/[µμ]/g, 'u')
    .replace(/^(?:x|×)(?=10)/i, '');

/** How a unit spelling measures, or its own spelling as its kind when this rule does not know it. */
export function unitMeasure(unit: string | null | undefined): UnitMeasure {
  const u = tidy(unit ?? '');
  const lower = u.toLowerCase();
  if (u === '%') return { kind: 'percent', exp: 0 };
  if (EGFR.test(lower)) return { kind: 'egfr', exp: 0 };
  if (lower === 'fl') return { kind: 'fl', exp: 0 };
  const slash = u.indexOf('/');
  if (slash > -1 && u.indexOf('/', slash + 1) === -1) {
    const top = u.slice(0, slash);
    const per = VOLUME[u.slice(slash + 1).toLowerCase()];
    if (per !== undefined) {
      // The numerator's case matters ("G/L" is a count, "g/L" a mass; "M/uL" millions, "mg" milligrams).
      const mass = MASS[top];
      if (mass !== undefined) return { kind: 'mass', exp: mass - per };
      const amount = AMOUNT[top];
      if (amount !== undefined) return { kind: 'amount', exp: amount - per };
      const power = POWER.exec(top)?.[1];
      const count = power !== undefined ? Number(power) : (COUNT[top] ?? COUNT[top.toLowerCase()]);
      if (count !== undefined) return { kind: 'count', exp: count - per };
      const activity = ACTIVITY[top.toLowerCase()];
      if (activity !== undefined) return { kind: 'activity', exp: activity - per };
    }
  }
  return { kind: `as written: ${u}`, exp: 0 };
}

/** Whether two spellings are the same measure (possibly a power of ten apart: g/dL and g/L). */
export const sameMeasure = (a: string | null | undefined, b: string | null | undefined) =>
  unitMeasure(a).kind === unitMeasure(b).kind;

/** A value in unit `from` written in unit `to` of the same measure; null when they are not one measure. */
export function convertSameMeasure(value: number, from: string | null, to: string | null): number | null {
  const a = unitMeasure(from);
  const b = unitMeasure(to);
  if (a.kind !== b.kind) return null;
  const shift = a.exp - b.exp;
  // A power of ten applied as one, so 123 × 10⁹/L is 123 × 10³/µL exactly.
  return shift === 0 ? value : shift > 0 ? value * 10 ** shift : value / 10 ** -shift;
}
