import type { SystemHealth } from '@healthfolio/core';
import { formatDateTime } from '@/lib/zoned-format';

const number = new Intl.NumberFormat();

export const formatCount = (n: number) => number.format(n);

/** Bytes in the largest unit that keeps the number at least 1 (binary units: KiB is shown as KB). */
export const formatBytes = (bytes: number) => {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
};

/** Times in the admin's own profile zone, like every other screen (never the browser's zone). */
export { formatDateTime };

/** "1 reminder overdue since Mar 1, 2026, 9:12 AM": a health check's words, its time in the admin's zone. */
export const healthCheckText = (check: SystemHealth['checks'][number], timeZone: string) =>
  check.since ? `${check.detail} since ${formatDateTime(check.since, timeZone)}` : check.detail;

/** Where a message stands, in words (the outbox stores sent | outbox | failed). */
export const mailStatusText = (status: string) =>
  status === 'sent'
    ? 'Sent'
    : status === 'outbox'
      ? 'Kept in the outbox, not sent'
      : status === 'failed'
        ? 'Could not be sent'
        : 'Status unknown';

export const formatDay = (day: string) =>
  new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
