import type { HealthSummaryItem } from './health-summary.schema';
import { healthSummaryStatusWords } from './health-summary-words';

type Item = Pick<HealthSummaryItem, 'kind' | 'status' | 'onsetAt' | 'recordedAt' | 'details'>;

/** Statuses that say a condition is still going on. */
const ONGOING = new Set(['active', 'recurrence', 'relapse']);

/** FHIR dates compared as far as both are written ("2008" against "2008-03-19" compares the year). */
const before = (a: string, b: string) => {
  const n = Math.min(a.length, b.length, 10);
  return a.slice(0, n) < b.slice(0, n);
};

/**
 * The status word and the dates of a health summary item, as the record has them: an immunization is
 * given on a day and a procedure done on one (never "since"); a condition with an end date is not called
 * active without saying it ended; an end before the start is shown as written, saying the dates disagree.
 * `date` writes a FHIR date in words; the end date it consumes is left out of `details`.
 */
export function healthSummaryWhen(item: Item, date: (fhir: string) => string) {
  const { Ended: end, ...details } = item.details;
  const start = item.onsetAt;
  // A procedure that ends the day it starts was done on that day.
  const ended =
    end !== undefined &&
    !(item.kind === 'procedure' && start !== null && end.slice(0, 10) === start.slice(0, 10));
  const disagree = ended && start !== null && before(end, start);
  let status = healthSummaryStatusWords(item.status);
  if (item.kind === 'condition' && ended && item.status && ONGOING.has(item.status))
    status = `${status}, but has an end date`;

  let when: string | null = null;
  if (start === null) {
    when = item.recordedAt ? `Recorded on ${date(item.recordedAt)}` : null;
    if (ended) when = [when, `Ended ${date(end)}`].filter(Boolean).join(' · ');
  } else if (disagree)
    when = `Started ${date(start)}, ended ${date(end)}: the record’s dates disagree (it ends before it starts)`;
  else if (item.kind === 'immunization') when = `Given on ${date(start)}`;
  else if (item.kind === 'procedure')
    when = ended ? `Done ${date(start)} to ${date(end)}` : `Done on ${date(start)}`;
  else when = ended ? `${date(start)} to ${date(end)}` : `Since ${date(start)}`;
  return { status, when, details };
}
