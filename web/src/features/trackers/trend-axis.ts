import { addCalendarDays, localDate, localDayStart, MS_PER_DAY } from '@healthfolio/core/units/local-time';

/** Whole-day steps between date labels: the smallest that fits the width. */
const DAY_STEPS = [1, 2, 3, 5, 7, 10, 14, 15, 30, 60, 90];
/** Room one date label ("Nov 29") takes on the axis, with a gap to the next, in px. */
export const LABEL_PX = 64;
/**
 * A tick nearer the plot's right end than this would have its label cut off there: half a label
 * (about 20 px) less the 16 px margin the chart keeps on its right, with a few px to spare.
 */
const HALF_LABEL_PX = 12;

const dayStartMs = (ymd: string, timeZone: string) => Date.parse(localDayStart(ymd, timeZone));

/**
 * The x axis of a trend chart, in time: the domain is the period chosen (the last `days` days up to
 * `now`), or without one the whole local days the readings fall on; the ticks are local midnights,
 * every `step` days counted back from today (so today is labelled when it fits), as many as the plot's
 * width holds, none so near the right end that its label would be cut off.
 */
export function trendTimeAxis({
  at,
  timeZone,
  days,
  now,
  plotWidth,
}: {
  /** The instants of the points drawn (epoch ms). */
  at: number[];
  timeZone: string;
  days?: number;
  now: number;
  plotWidth: number;
}): { domain: [number, number]; ticks: number[] } {
  const first = at.length ? Math.min(...at) : now;
  const last = at.length ? Math.max(...at) : now;
  const domain: [number, number] = days
    ? [Math.min(now - days * MS_PER_DAY, first), Math.max(now, last)]
    : [
        dayStartMs(localDate(first, timeZone), timeZone),
        dayStartMs(addCalendarDays(localDate(last, timeZone), 1), timeZone),
      ];
  const [from, to] = domain;
  const spanDays = (to - from) / MS_PER_DAY;
  const width = Math.max(plotWidth, LABEL_PX);
  const maxTicks = Math.max(1, Math.floor(width / LABEL_PX));
  const step = DAY_STEPS.find((s) => spanDays / s <= maxTicks) ?? Math.ceil(spanDays / maxTicks);
  const rightmost = to - (HALF_LABEL_PX / width) * (to - from);
  const today = localDate(to, timeZone);
  const ticks: number[] = [];
  for (let k = 0; ; k += step) {
    const t = dayStartMs(addCalendarDays(today, -k), timeZone);
    if (t < from) break;
    if (t <= rightmost) ticks.unshift(t);
  }
  return { domain, ticks };
}

/** Round steps for a value axis: 1, 2 or 5 times a power of ten. */
const niceStep = (raw: number) => {
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
};

/**
 * Value-axis ticks on round numbers inside a domain (80, 100, 120, 140 for 69–150, not 69/94/119/150),
 * at most `most` of them; the domain itself is kept (the spec pads it beyond the data).
 */
export function niceTicks([min, max]: [number, number], most: number): number[] {
  if (!(max > min) || most < 2) return [min];
  let step = niceStep((max - min) / (most - 1));
  const count = (s: number) => Math.floor(max / s) - Math.ceil(min / s) + 1;
  while (count(step) > most) step = niceStep(step * 1.01);
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step)
    ticks.push(Number(v.toFixed(6)));
  return ticks;
}
