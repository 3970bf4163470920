import type { EntryResponse, ProfileResponse } from '@healthfolio/core';
import { glucoseChartScale } from '@healthfolio/core/glucose/chart-scale';
import { countOf } from '@healthfolio/core/text/count-words';
import { BLOOD_PRESSURE_CATEGORY_TEXT } from '@healthfolio/core/trackers/blood-pressure-category';
import { roundGlucoseForDisplay } from '@healthfolio/core/units/glucose-units';
import { convertWeight, roundWeightForDisplay, type WeightUnit } from '@healthfolio/core/units/weight-units';
import {
  dataNumber,
  dataText,
  entryDateTime,
  entryShortDate,
  formatDateTime,
  formatShortDate,
  isCrisisEntry,
} from './entry-format';

/**
 * A point at an instant (`at`, epoch ms: the x axis is time), with its date as the caption writes it
 * and when it was taken as its tooltip says it (the date alone for an entry dated only by day).
 */
export type Point = { label: string; at: number; when: string } & Record<string, number | string | undefined>;
export type Line = { key: string; name: string };
export type Series = {
  points: Point[];
  lines: Line[];
  domain: [number, number] | ['auto', 'auto'];
  /** Axis ticks; the chart picks its own without them. */
  ticks?: number[];
  /** Dashed reference lines (the glucose level limits), with the mg/dL limit each stands for. */
  levelLines?: { mgdl: number; value: number }[];
  unit: string;
  /** The zone the dates are written in (the profile's). */
  timeZone: string;
  caption?: string;
  /** The latest values as they were logged, when the chart plots them on another scale. */
  latest?: string;
  /** Readings that need action, in words (shown with an alert icon beside the chart). */
  alert?: string;
};

const padded = (points: Point[], keys: string[], pad: number): [number, number] | ['auto', 'auto'] => {
  const values = points
    .flatMap((p) => keys.map((k) => p[k]))
    .filter((v): v is number => typeof v === 'number');
  if (values.length === 0) return ['auto', 'auto'];
  return [Math.floor(Math.min(...values) - pad), Math.ceil(Math.max(...values) + pad)];
};

const base = (e: EntryResponse, timeZone: string): Point => ({
  label: entryShortDate(e, timeZone),
  at: Date.parse(e.occurredAt),
  when: entryDateTime(e, timeZone),
});

/** A tooltip's heading: when its point was taken. */
export const tooltipLabel = (payload: readonly { payload?: unknown }[] | undefined) =>
  (payload?.[0]?.payload as Point | undefined)?.when ?? '';

export function pressureSeries(entries: EntryResponse[], profile: ProfileResponse): Series {
  const points = entries.map((e) => ({
    ...base(e, profile.timezone),
    Systolic: dataNumber(e, 'systolic'),
    Diastolic: dataNumber(e, 'diastolic'),
  }));
  const lines = [
    { key: 'Systolic', name: 'Systolic' },
    { key: 'Diastolic', name: 'Diastolic' },
  ];
  const crisis = entries.filter(isCrisisEntry).length;
  return {
    points,
    lines,
    domain: padded(points, ['Systolic', 'Diastolic'], 10),
    unit: 'mmHg',
    timeZone: profile.timezone,
    alert: crisis
      ? `${countOf(crisis, 'reading')} at a ${BLOOD_PRESSURE_CATEGORY_TEXT.crisis.name.toLowerCase()} (${BLOOD_PRESSURE_CATEGORY_TEXT.crisis.range}).`
      : undefined,
  };
}

const MOOD_KEYS = ['Mood', 'Energy', 'Stress'];

/** The dialog's 1–5 scales, doubled onto the spec's 0–10 axis. */
export function moodSeries(entries: EntryResponse[], profile: ProfileResponse): Series {
  const twice = (v: number | undefined) => (v === undefined ? undefined : v * 2);
  const last = entries.at(-1);
  const points = entries.map((e) => ({
    ...base(e, profile.timezone),
    Mood: twice(dataNumber(e, 'mood')),
    Energy: twice(dataNumber(e, 'energy')),
    Stress: twice(dataNumber(e, 'stress')),
  }));
  return {
    points,
    lines: MOOD_KEYS.map((key) => ({ key, name: key })),
    domain: [0, 10],
    unit: '',
    timeZone: profile.timezone,
    caption: 'Mood, energy and stress are logged on a 1–5 scale and shown doubled on this 0–10 axis.',
    latest: last
      ? MOOD_KEYS.map((k) => `${k} ${dataNumber(last, k.toLowerCase()) ?? '-'}/5`).join(', ')
      : undefined,
  };
}

/** Weights in one unit: the goal's if set, else the one most recently logged. */
export function weightSeries(entries: EntryResponse[], profile: ProfileResponse): Series {
  const last = entries.at(-1);
  const unit: WeightUnit =
    profile.weightGoal?.unit ?? (last && dataText(last, 'weightUnit') === 'kg' ? 'kg' : 'lbs');
  const points = entries.map((e) => {
    const w = dataNumber(e, 'weight');
    const from = dataText(e, 'weightUnit') === 'kg' ? 'kg' : 'lbs';
    return {
      ...base(e, profile.timezone),
      Weight: w === undefined ? undefined : roundWeightForDisplay(convertWeight(w, from, unit)),
    };
  });
  return {
    points,
    lines: [{ key: 'Weight', name: 'Weight' }],
    domain: padded(points, ['Weight'], 5),
    unit,
    timeZone: profile.timezone,
  };
}

/** Glucose points (mg/dL, already in time order) on core's glucose axis: every point and the 70–180 range fit. */
export function glucoseLevelSeries(
  readings: { at: string; mgdl: number | undefined }[],
  unit: ProfileResponse['glucoseUnit'],
  timeZone: string,
): Series {
  const points = readings.map((r) => ({
    label: formatShortDate(r.at, timeZone),
    at: Date.parse(r.at),
    when: formatDateTime(r.at, timeZone),
    Glucose: r.mgdl === undefined ? undefined : roundGlucoseForDisplay(r.mgdl, unit),
  }));
  const scale = glucoseChartScale(
    readings.flatMap((r) => (r.mgdl === undefined ? [] : [r.mgdl])),
    unit,
  );
  return {
    points,
    lines: [{ key: 'Glucose', name: 'Glucose' }],
    domain: scale.domain,
    ticks: scale.ticks,
    levelLines: scale.lines,
    unit,
    timeZone,
  };
}

export function glucoseSeries(entries: EntryResponse[], profile: ProfileResponse): Series {
  return glucoseLevelSeries(
    entries.map((e) => ({ at: e.occurredAt, mgdl: dataNumber(e, 'glucose') })),
    profile.glucoseUnit,
    profile.timezone,
  );
}
