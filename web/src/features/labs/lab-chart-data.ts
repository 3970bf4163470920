import { type LabChartScale, labChartScale } from '@healthfolio/core/labs/lab-chart-scale';
import { convertLabValue, roundLabValue } from '@healthfolio/core/labs/lab-units';
import { rangeWords } from '@healthfolio/core/labs/lab-value-format';
import { ucumLabel } from '@healthfolio/core/labs/ucum-labels';
import { recordDate } from '@/lib/entry-when';
import type { LabResultResponse, LabTestSeriesResponse } from './labs-api';

const DAY = 86_400_000;

/** A result at its instant, with its date as the list writes it and its own reference range. */
export type LabPoint = { at: number; date: string; value: number; low: number | null; high: number | null };

/** A stretch of the x-axis shaded with the range of the result(s) in it. */
export type LabBand = { x1: number; x2: number; y1: number; y2: number };

export interface LabChartData {
  /** The unit every point is written in. */
  unit: string;
  points: LabPoint[];
  xDomain: [number, number];
  y: LabChartScale;
  /** Each result's reference range around its point (open ends run to the chart's edge). */
  bands: LabBand[];
  /** The reference range in words when every result has the same one, else null. */
  oneRange: string | null;
  /** Whether any point has a range shaded. */
  shaded: boolean;
  /** The results not on the chart, said under it ("1 result in mmol/mol is not on this chart"). */
  leftOut: string[];
}

const inUnit = (loinc: string, v: number | null, from: string | null, to: string) =>
  v === null ? null : convertLabValue(loinc, v, from, to);

/** The unit that puts the most results on one scale; among equals, the latest result's. */
const chartUnit = (loinc: string, numeric: LabResultResponse[]) => {
  let best = { unit: '', count: -1 };
  for (const r of [...numeric].reverse()) {
    const unit = r.unit ?? '';
    const count = numeric.filter((o) => inUnit(loinc, o.value, o.unit, unit) !== null).length;
    if (count > best.count) best = { unit, count };
  }
  return best.unit;
};

const resultsWords = (n: number) => (n === 1 ? '1 result' : `${n} results`);
const isAre = (n: number) => (n === 1 ? 'is' : 'are');

/** Why results are not on the chart, one line per unit (and one for results written in words). */
const leftOutWords = (left: LabResultResponse[]) => {
  const byUnit = new Map<string, number>();
  let words = 0;
  for (const r of left) {
    if (r.value === null) words += 1;
    else {
      const label = r.unit ? ucumLabel(r.unit) : '';
      byUnit.set(label, (byUnit.get(label) ?? 0) + 1);
    }
  }
  const lines = [...byUnit].map(
    ([label, n]) =>
      `${resultsWords(n)} ${label ? `in ${label}` : 'without a unit'} ${isAre(n)} not on this chart`,
  );
  if (words > 0) lines.push(`${resultsWords(words)} written in words ${isAre(words)} not on this chart`);
  return lines;
};

/** Each result's range from halfway to the one before to halfway to the one after; equal neighbours merge. */
const bandsOf = (points: LabPoint[], x: [number, number], y: [number, number]) => {
  const bands: LabBand[] = [];
  points.forEach((p, i) => {
    if (p.low === null && p.high === null) return;
    const prev = points[i - 1];
    const next = points[i + 1];
    const band = {
      x1: prev ? (prev.at + p.at) / 2 : x[0],
      x2: next ? (p.at + next.at) / 2 : x[1],
      y1: p.low ?? y[0],
      y2: p.high ?? y[1],
    };
    const last = bands.at(-1);
    if (last && last.x2 === band.x1 && last.y1 === band.y1 && last.y2 === band.y2) last.x2 = band.x2;
    else bands.push(band);
  });
  return bands;
};

/**
 * A test's trend: every numeric result on one scale (spellings of one unit and units with a known
 * factor converted into the unit most results are in), each with its own reference range; what
 * cannot be placed is named, never dropped silently. Results oldest first.
 */
export function labChartData(series: LabTestSeriesResponse, timeZone: string): LabChartData {
  const { loinc, items } = series;
  const numeric = items.filter((r) => r.value !== null);
  const unit = chartUnit(loinc, numeric);
  const points: LabPoint[] = [];
  const left: LabResultResponse[] = [];
  const ranges = new Set<string>();
  for (const r of items) {
    const value = inUnit(loinc, r.value, r.unit, unit);
    if (value === null) {
      left.push(r);
      continue;
    }
    const low = inUnit(loinc, r.referenceLow, r.unit, unit);
    const high = inUnit(loinc, r.referenceHigh, r.unit, unit);
    const point = {
      at: Date.parse(r.effectiveAt),
      date: recordDate(r.effectiveAt, r.effectivePrecision, timeZone),
      value: roundLabValue(value),
      low: low === null ? null : roundLabValue(low),
      high: high === null ? null : roundLabValue(high),
    };
    points.push(point);
    ranges.add(rangeWords(point.low, point.high, unit, r.referenceHighExclusive));
  }
  const first = points[0]?.at ?? 0;
  const last = points.at(-1)?.at ?? first;
  const xDomain: [number, number] = last - first < DAY ? [first - 15 * DAY, last + 15 * DAY] : [first, last];
  const y = labChartScale(points.flatMap((p) => [p.value, p.low, p.high].filter((v) => v !== null)));
  const bands = bandsOf(points, xDomain, y.domain);
  const [only] = ranges;
  return {
    unit,
    points,
    xDomain,
    y,
    bands,
    oneRange: ranges.size === 1 && only ? only : null,
    shaded: bands.length > 0,
    leftOut: leftOutWords(left),
  };
}
