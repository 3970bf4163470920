import type { GlucoseUnit } from '@healthfolio/core';
import {
  formatGlucose,
  glucoseDecimals,
  glucoseInUnit,
  parseGlucoseInput,
} from '@healthfolio/core/units/glucose-units';
import { useMemo } from 'react';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';

export type GlucoseFormat = {
  unit: GlucoseUnit;
  timeZone: string;
  /** "120" / "6.7" */
  value: (mgdl: number) => string;
  /** "120 mg/dL" / "6.7 mmol/L" */
  withUnit: (mgdl: number) => string;
  /** The unrounded number in the user's unit, for chart coordinates. */
  toUnit: (mgdl: number) => number;
  /** What the user typed in their unit, as mg/dL; null when it is not a number. */
  parse: (text: string) => number | null;
  /** Step for a number input in the user's unit. */
  step: string;
  dateTime: (at: string | number) => string;
  time: (at: string | number) => string;
  date: (at: string | number) => string;
};

/** Display helpers in the profile's glucose unit and time zone: every screen shows numbers the same way. */
export function useGlucoseFormat(): GlucoseFormat {
  const { profile } = useDashboardContext();
  const unit = profile.glucoseUnit;
  const timeZone = profile.timezone;
  return useMemo(() => {
    const dateTimeFmt = new Intl.DateTimeFormat(undefined, {
      timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    const timeFmt = new Intl.DateTimeFormat(undefined, { timeZone, hour: 'numeric', minute: '2-digit' });
    const dateFmt = new Intl.DateTimeFormat(undefined, { timeZone, dateStyle: 'medium' });
    return {
      unit,
      timeZone,
      value: (mgdl) => formatGlucose(mgdl, unit),
      withUnit: (mgdl) => `${formatGlucose(mgdl, unit)} ${unit}`,
      toUnit: (mgdl) => glucoseInUnit(mgdl, unit),
      parse: (text) => parseGlucoseInput(text, unit),
      step: glucoseDecimals(unit) === 1 ? '0.1' : '1',
      dateTime: (at) => dateTimeFmt.format(new Date(at)),
      time: (at) => timeFmt.format(new Date(at)),
      date: (at) => dateFmt.format(new Date(at)),
    } satisfies GlucoseFormat;
  }, [unit, timeZone]);
}

/** A calendar date (YYYY-MM-DD) as the user reads dates, without shifting it across time zones. */
export const formatCalendarDate = (isoDate: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

/** Today's date (YYYY-MM-DD) in a time zone. */
export const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

export const percent = (value: number) => `${Math.round(value)}%`;

// The profile zone's wall clock for date-time inputs: one implementation for every screen.
export { isoToLocalInput, localInputToIso } from '@/features/trackers/local-datetime';
