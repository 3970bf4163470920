import type { LoggedDose } from '@healthfolio/core/glucose/insulin-on-board';
import { useEffect, useState } from 'react';
import { useEntries } from '@/features/diabetes/glucose-api';

/** Enough doses to cover any duration of action (8 h at most) before each of the ones listed. */
export const DOSES_FETCHED = 100;

/** The user's logged insulin doses, newest first, as the IOB math reads them. */
export function useInsulinDoses() {
  const query = useEntries('insulin', DOSES_FETCHED);
  const doses: LoggedDose[] = (query.data?.items ?? []).map((e) => ({
    id: e.id,
    at: e.occurredAt,
    units: Number(e.data.total_insulin) || 0,
    correctionUnits: Number(e.data.correction_insulin) || 0,
  }));
  return { query, doses, entries: query.data?.items ?? [] };
}

/** The current time, moving on every minute, so insulin on board keeps decaying on screen. */
export function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
