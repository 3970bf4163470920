/** Round steps an axis counts in: 1, 2, 2.5 and 5 times a power of ten. */
const STEPS = [1, 2, 2.5, 5, 10];

/** The roundest step that cuts `span` into at most `count` parts. */
export const roundStep = (span: number, count = 5) => {
  const raw = (span > 0 ? span : 1) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = STEPS.find((s) => s * power >= raw * (1 - 1e-9))! * power;
  return Number(step.toPrecision(6));
};

export interface LabChartScale {
  domain: [number, number];
  /** Round numbers from end to end, one step apart (5, 10, 15…; 0.5, 1, 1.5…). */
  ticks: number[];
}

/**
 * The y-axis of a lab trend: holds every value (points and the ends of reference ranges), starts
 * and ends on round ticks, and leaves a point on an edge room for its dot. Never below zero.
 */
export function labChartScale(values: readonly number[]): LabChartScale {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return { domain: [0, 1], ticks: [0, 1] };
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  const step = roundStep(max - min || Math.abs(max) * 0.5);
  // Float noise trimmed at each step (0.1 + 0.2 is 0.3 on an axis).
  const fix = (v: number) => Number(v.toPrecision(12));
  const room = step / 5;
  const lo = Math.max(0, fix(Math.floor(fix((min - room) / step)) * step));
  const hi = fix(Math.ceil(fix((max + room) / step)) * step);
  const ticks: number[] = [];
  for (let t = lo; t <= hi + step / 2; t = fix(t + step)) ticks.push(t);
  return { domain: [lo, ticks.at(-1)!], ticks };
}
