/**
 * iCalendar (RFC 5545) text for appointments: one event per appointment, times in UTC, lines ending
 * in CRLF and folded at 75 octets, TEXT values escaped. Written by hand because it is this small.
 */

export interface IcsEvent {
  uid: string;
  /** Incremented on every change so calendar apps replace their copy. */
  sequence: number;
  /** When this version of the event was written. */
  stamp: Date;
  start: Date;
  end: Date | null;
  summary: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  cancelled: boolean;
  /** Alarms before the start (VALARM, ACTION:DISPLAY): how long before, and what they say. */
  alarms?: readonly { beforeMs: number; description: string }[];
}

/**
 * How long a visit without an end time lasts in a calendar. RFC 5545 §3.6.1 makes an event with a
 * DTSTART and neither DTEND nor DURATION zero length (a sliver most calendars barely draw).
 */
export const DEFAULT_VISIT_MINUTES = 30;

const CRLF = '\r\n';

/** RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks are escaped in TEXT values. */
export const escapeText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // Other control characters are not allowed in TEXT at all.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
    .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');

/** A URI value is not TEXT-escaped, but it must not be able to break the line structure. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const safeUri = (s: string) => s.replace(/[\x00-\x20\x7f]/g, '');

/** 20250701T130000Z */
export const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** RFC 5545 §3.3.6: a duration in whole hours or minutes ("PT1H", "PT30M"); negative before the start. */
export const durationText = (ms: number) => {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const body = minutes % 60 === 0 ? `PT${minutes / 60}H` : `PT${minutes}M`;
  return ms < 0 ? `-${body}` : body;
};

/** RFC 5545 §3.1: lines longer than 75 octets continue on the next line after CRLF and a space. */
export const foldLine = (line: string) => {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    // Never split a multi-byte character: back up to the start of one (not a 10xxxxxx byte).
    while (end < bytes.length && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    limit = 74; // continuation lines spend one octet on the leading space
  }
  return parts.join(`${CRLF} `);
};

const eventLines = (e: IcsEvent) => {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(e.uid)}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utcStamp(e.stamp)}`,
    `DTSTART:${utcStamp(e.start)}`,
  ];
  lines.push(e.end ? `DTEND:${utcStamp(e.end)}` : `DURATION:${durationText(DEFAULT_VISIT_MINUTES * 60_000)}`);
  lines.push(`SUMMARY:${escapeText(e.summary)}`);
  if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
  if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
  if (e.url) lines.push(`URL:${safeUri(e.url)}`);
  lines.push(`STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`);
  // A cancelled visit rings no alarm.
  for (const a of e.cancelled ? [] : (e.alarms ?? []))
    lines.push(
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${escapeText(a.description)}`,
      `TRIGGER;RELATED=START:${durationText(-a.beforeMs)}`,
      'END:VALARM',
    );
  lines.push('END:VEVENT');
  return lines;
};

export const buildCalendar = (events: IcsEvent[], opts: { name?: string } = {}) => {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Healthfolio//Appointments//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(opts.name ? [`X-WR-CALNAME:${escapeText(opts.name)}`] : []),
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
};
