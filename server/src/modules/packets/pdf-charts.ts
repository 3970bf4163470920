import type { AgpBin } from '@healthfolio/core';
import { rgb } from 'pdf-lib';
import { BLUE, INK, MUTED, type PdfWriter, RULE } from './pdf-writer';

type Color = ReturnType<typeof rgb>;
const AXIS_W = 40;

export interface ChartFrame {
  /** x in 0..1 of the plot's width, v in the value axis' unit → SVG coordinates from the plot's top-left. */
  sx(x: number): number;
  sy(v: number): number;
  path(d: string, o: { stroke?: Color; fill?: Color; width?: number; opacity?: number }): void;
}

/**
 * A plot area below the cursor with value gridlines (labelled left) and x labels below; the cursor
 * moves past it. Paths are drawn in SVG coordinates (y down) from the plot's top-left corner.
 */
export const chartFrame = (
  w: PdfWriter,
  opts: {
    height: number;
    min: number;
    max: number;
    ticks: number[];
    fmt: (v: number) => string;
    xLabels: { at: number; label: string }[];
  },
): ChartFrame => {
  w.ensure(opts.height + 30);
  const left = w.left + AXIS_W;
  const plotW = w.width - AXIS_W;
  const top = w.y - 4;
  const span = opts.max - opts.min || 1;
  const sx = (x: number) => x * plotW;
  const sy = (v: number) => ((opts.max - Math.min(opts.max, Math.max(opts.min, v))) / span) * opts.height;
  for (const t of opts.ticks) {
    const y = top - sy(t);
    w.page.drawLine({ start: { x: left, y }, end: { x: left + plotW, y }, thickness: 0.5, color: RULE });
    const label = w.clean(opts.fmt(t));
    w.page.drawText(label, {
      x: left - 4 - w.font.widthOfTextAtSize(label, 8),
      y: y - 3,
      size: 8,
      font: w.font,
      color: MUTED,
    });
  }
  for (const { at, label } of opts.xLabels) {
    const text = w.clean(label);
    const x = Math.min(left + plotW - w.font.widthOfTextAtSize(text, 8), left + sx(at));
    w.page.drawText(text, { x, y: top - opts.height - 12, size: 8, font: w.font, color: MUTED });
  }
  const page = w.page;
  w.y = top - opts.height - 22;
  return {
    sx,
    sy,
    path: (d, o) =>
      page.drawSvgPath(d, {
        x: left,
        y: top,
        borderColor: o.stroke,
        borderWidth: o.stroke ? (o.width ?? 1.5) : 0,
        color: o.fill,
        opacity: o.opacity,
        borderOpacity: 1,
      }),
  };
};

const pt = (x: number, y: number) => `${x.toFixed(2)} ${y.toFixed(2)}`;

/** Polyline through the points, skipping gaps (NaN values break the line). */
export const linePath = (f: ChartFrame, points: [number, number][]) => {
  let d = '';
  let pen = false;
  for (const [x, v] of points) {
    if (!Number.isFinite(v)) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'} ${pt(f.sx(x), f.sy(v))} `;
    pen = true;
  }
  return d.trim();
};

/** The band between two percentile curves, as one closed shape. */
const bandPath = (f: ChartFrame, xs: number[], lo: number[], hi: number[]) =>
  `M ${xs.map((x, i) => pt(f.sx(x), f.sy(hi[i]!))).join(' L ')} L ${xs
    .map((x, i) => pt(f.sx(x), f.sy(lo[i]!)))
    .reverse()
    .join(' L ')} Z`;

/**
 * The AGP as the consensus draws it: 5–95th percentile band, 25–75th band, median line, over the
 * local day, with the 70–180 mg/dL target range marked. Values are mg/dL; `toUnit` writes the labels.
 */
export const drawAgp = (
  w: PdfWriter,
  bins: AgpBin[],
  toUnit: (mgdl: number) => string,
  targetLabel: string,
) => {
  const usable = bins.filter((b) => b.count > 0 && b.p5 != null && b.p95 != null);
  if (usable.length < 2) {
    w.line('Not enough readings to draw the AGP.', { color: MUTED });
    return;
  }
  // Wrap the first bin to 24:00 so the curve spans the whole day.
  const first = usable[0]!;
  const rows = first.startMinute === 0 ? [...usable, { ...first, startMinute: 1440 }] : usable;
  const max = Math.max(300, ...rows.map((b) => b.p95!));
  const f = chartFrame(w, {
    height: 170,
    min: 40,
    max,
    ticks: [54, 70, 180, 250].filter((t) => t < max),
    fmt: toUnit,
    xLabels: [0, 6, 12, 18, 24].map((h) => ({ at: h / 24, label: `${String(h % 24).padStart(2, '0')}:00` })),
  });
  const xs = rows.map((b) => b.startMinute / 1440);
  const get = (k: 'p5' | 'p25' | 'p50' | 'p75' | 'p95') => rows.map((b) => b[k] ?? Number.NaN);
  f.path(`M 0 ${f.sy(180)} L ${f.sx(1)} ${f.sy(180)} L ${f.sx(1)} ${f.sy(70)} L 0 ${f.sy(70)} Z`, {
    fill: rgb(0, 0.62, 0.45),
    opacity: 0.08,
  });
  f.path(bandPath(f, xs, get('p5'), get('p95')), { fill: BLUE, opacity: 0.18 });
  f.path(bandPath(f, xs, get('p25'), get('p75')), { fill: BLUE, opacity: 0.38 });
  f.path(
    linePath(
      f,
      xs.map((x, i) => [x, get('p50')[i]!]),
    ),
    { stroke: INK, width: 1.8 },
  );
  w.line('Dark line: median. Darker band: 25th–75th percentile. Light band: 5th–95th percentile.', {
    size: 8,
    color: MUTED,
  });
  w.line(`Shaded: target range ${targetLabel}. Times are the patient's local clock times.`, {
    size: 8,
    color: MUTED,
  });
};

/**
 * A time series (one or more lines) with a legend naming each line. The time axis runs from the first
 * to the last reading, so the lines use the page's width even when the readings fill only a few days
 * of the window; with one instant only, it falls back to the window.
 */
export const drawTrend = (
  w: PdfWriter,
  windowFrom: Date,
  windowTo: Date,
  series: { label: string; color: Color; points: { at: Date; value: number }[] }[],
  fmt: (v: number) => string,
  dateLabel: (d: Date) => string,
) => {
  const values = series.flatMap((s) => s.points.map((p) => p.value)).filter(Number.isFinite);
  if (values.length < 2) return;
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = Math.max((hi - lo) * 0.15, 1);
  const min = Math.floor(lo - pad);
  const max = Math.ceil(hi + pad);
  const instants = series.flatMap((s) => s.points.map((p) => p.at.getTime()));
  const first = Math.min(...instants);
  const last = Math.max(...instants);
  const [from, to] = last > first ? [new Date(first), new Date(last)] : [windowFrom, windowTo];
  const span = to.getTime() - from.getTime();
  const f = chartFrame(w, {
    height: 110,
    min,
    max,
    ticks: [min, (min + max) / 2, max],
    fmt,
    // A short span would print one date twice: each date is labelled once.
    xLabels: [0, 0.5, 1]
      .map((at) => ({ at, label: dateLabel(new Date(from.getTime() + at * span)) }))
      .filter((x, i, all) => all.findIndex((y) => y.label === x.label) === i),
  });
  for (const s of series) {
    const xy = s.points.map((p): [number, number] => [(p.at.getTime() - from.getTime()) / span, p.value]);
    f.path(linePath(f, xy), { stroke: s.color, width: 1.5 });
  }
  let x = w.left + AXIS_W;
  for (const s of series) {
    w.page.drawRectangle({ x, y: w.y - 7, width: 10, height: 3, color: s.color });
    w.put(s.label, { x: x + 14, size: 8, color: MUTED });
    x += 24 + w.widthOf(s.label, 8);
  }
  w.y -= 14;
};
