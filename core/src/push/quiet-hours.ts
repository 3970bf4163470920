import { z } from 'zod';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 22:00');

/** A device's quiet hours in its own local time: every glucose alarm but urgent low waits them out. */
export const QuietHours = z.strictObject({
  start: hhmm,
  end: hhmm,
  timeZone: z.string().refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Not a time zone'),
});
export type QuietHours = z.infer<typeof QuietHours>;

const minutesOf = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));

/** Whether `at` falls in the quiet hours (a span crossing midnight, 22:00–07:00, included). */
export function inQuietHours(q: QuietHours | null | undefined, at: Date): boolean {
  if (!q || q.start === q.end) return false;
  const parts = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: q.timeZone,
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const now = get('hour') * 60 + get('minute');
  const start = minutesOf(q.start);
  const end = minutesOf(q.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}
