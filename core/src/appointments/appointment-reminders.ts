/** The reminders an appointment gets before it starts (server: appointment-reminders.ts). */
export const APPOINTMENT_REMINDER_OFFSETS = [
  { key: '24h', ms: 24 * 3_600_000, title: 'Appointment tomorrow' },
  { key: '1h', ms: 3_600_000, title: 'Appointment in 1 hour' },
] as const;
export type AppointmentReminderOffset = (typeof APPOINTMENT_REMINDER_OFFSETS)[number];

/** A reminder's title, in the app and in a calendar's alarm: "Appointment in 1 hour: Dr. Chen". */
export const reminderTitle = (o: AppointmentReminderOffset, provider: string) => `${o.title}: ${provider}`;

/** The reminders still to come for a visit starting at `startsAt`: one whose time has passed is not made. */
export const remindersAhead = (startsAt: Date, now: Date): AppointmentReminderOffset[] =>
  APPOINTMENT_REMINDER_OFFSETS.filter((o) => startsAt.getTime() - o.ms > now.getTime());

/** What saving a visit may promise about its reminders, only what will come; null when none will. */
export const reminderPromise = (startsAt: Date, now: Date): string | null => {
  const keys = remindersAhead(startsAt, now).map((o) => o.key);
  if (keys.length === 2) return 'Reminders follow 24 hours and 1 hour before.';
  if (keys.includes('1h')) return 'A reminder follows 1 hour before.';
  return null;
};

const dayWords = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});
const clockWords = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' });

/**
 * When a visit starts, as its reminders say it: "Sun, Nov 29 at 5:34 PM". The date and time are the
 * visit's own wall clock, as the appointment shows them (read as UTC so no zone shifts them). The
 * words are the same in the app, a push and an email, whatever the reader's locale; no year, as a
 * reminder comes at most a day ahead.
 */
export const appointmentStartWords = (date: string, startTime: string) => {
  const at = new Date(`${date}T${startTime.slice(0, 5)}:00Z`);
  // Newer ICU puts a narrow no-break space before AM/PM; a plain one reads the same everywhere.
  return `${dayWords.format(at)} at ${clockWords.format(at).replace(/\s/gu, ' ')}`;
};
