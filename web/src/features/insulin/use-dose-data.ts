import {
  doseDataFresh,
  staleDoseDataMessage,
  staleDoseDataTitle,
  unreadDoseDataMessage,
} from '@healthfolio/core/glucose/dosing-guards';
import type { LoggedDose } from '@healthfolio/core/glucose/insulin-on-board';
import { useEffect } from 'react';
import { useWhose } from '@/features/household/whose';
import { useOnline } from '@/features/offline/online-status';
import { usePendingEntries } from '@/features/offline/use-pending-entries';
import { useInsulinDoses } from './use-insulin-doses';
import { useInsulinSettings } from './use-insulin-settings';

/** "10:42" today, "Nov 27, 2026, 10:42 AM" another day. */
const shown = (at: number) => {
  const today = new Date(at).toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(
    undefined,
    today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(at);
};

export interface DoseRefusal {
  title: string;
  message: string;
}

/**
 * The doses insulin on board counts, and whether a dose may be suggested from them now (DESIGN §10):
 * the logged doses and settings must have been read from the server within the last 15 minutes
 * (core's doseDataFresh; online they are read again when older), doses this device keeps while
 * offline count too, and an entry kept here that this page cannot open, queued within the duration
 * of insulin action, might be a dose: no suggestion until it is dealt with.
 */
export function useDoseData(now: number, diaHours: number) {
  const w = useWhose();
  const { query: dosesQuery, doses: logged } = useInsulinDoses();
  const { query: settingsQuery } = useInsulinSettings();
  const pending = usePendingEntries();
  const online = useOnline();

  const readAt = Math.min(dosesQuery.dataUpdatedAt, settingsQuery.dataUpdatedAt);
  const fresh = doseDataFresh(readAt, now);
  const { refetch: refetchDoses } = dosesQuery;
  const { refetch: refetchSettings } = settingsQuery;
  useEffect(() => {
    if (!fresh && online) {
      void refetchDoses();
      void refetchSettings();
    }
  }, [fresh, online, refetchDoses, refetchSettings]);

  const queued: LoggedDose[] = (pending ?? []).flatMap((p) =>
    p.entry?.tracker === 'insulin'
      ? [
          {
            id: p.id,
            at: p.entry.occurredAt,
            units: Number(p.entry.data.total_insulin) || 0,
            correctionUnits: Number(p.entry.data.correction_insulin) || 0,
          },
        ]
      : [],
  );
  const unopened = (pending ?? []).find(
    (p) => !p.entry && now - Date.parse(p.queuedAt) < diaHours * 60 * 60 * 1000,
  );

  // Online, stale data is being read again: nothing is suggested meanwhile, and nothing refused yet.
  const rereading = !fresh && online && (dosesQuery.isFetching || settingsQuery.isFetching);
  let refusal: DoseRefusal | null = null;
  if (!fresh && !rereading)
    refusal = {
      title: staleDoseDataTitle(w),
      message: readAt > 0 ? staleDoseDataMessage(shown(readAt), w) : unreadDoseDataMessage(w),
    };
  else if (unopened)
    refusal = {
      title: 'No dose suggested: an entry kept on this device could not be opened',
      message: `Something logged on this device at ${shown(Date.parse(unopened.queuedAt))} was kept by a page since closed, and it may be an insulin dose. Discard it under "Entries waiting to be sent" and log the dose again if it was one.`,
    };

  return {
    /** Newest first, as the insulin-on-board math reads them. */
    doses: [...queued, ...logged].sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime()),
    dosesLoaded: dosesQuery.isSuccess,
    dosesFailed: dosesQuery.isLoadingError,
    /** The doses kept on this device are still being read: nothing is suggested meanwhile. */
    checking: pending === null || rereading,
    refusal,
  };
}
