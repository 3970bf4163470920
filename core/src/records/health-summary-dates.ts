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

/** The record's coded detail values (FHIR condition verification, allergy criticality, reaction severity) in words. */
const DETAIL_WORDS: Record<string, Record<string, string>> = {
  Verification: {
    confirmed: 'Confirmed',
    unconfirmed: 'Not confirmed',
    provisional: 'Provisional',
    differential: 'One of several possibilities',
    refuted: 'Ruled out',
    'entered-in-error': 'Entered in error',
  },
  Criticality: { low: 'Low risk', high: 'High risk', 'unable-to-assess': 'Risk not assessed' },
  Severity: { mild: 'Mild', moderate: 'Moderate', severe: 'Severe' },
};

/** A coded name's SNOMED tag left out: "Viral sinusitis (disorder)" is "Viral sinusitis". */
export const healthSummaryText = (text: string) =>
  text.replace(
    /\s*\((?:disorder|procedure|finding|situation|substance|product|regime\/therapy|observable entity|morphologic abnormality|qualifier value|event)\)$/i,
    '',
  );

/** Kinds whose "since" would be wrong once they are over: a stopped medication was started then, not stopped. */
const OVER = new Set(['stopped', 'completed', 'inactive', 'cancelled', 'not-taken', 'entered-in-error']);

/** Medplum reads a C-CDA procedure's status "active" as FHIR's word for it, which FHIR has not: in progress. */
const PROCEDURE_STATUS: Record<string, string> = { active: 'in-progress' };

/**
 * When a procedure was done, or what became of it: only a completed one was "done"; one in progress,
 * on hold or stopped says so, and one whose status the record does not give is only dated.
 */
const procedureWhen = (status: string | null, start: string, end: string | undefined) => {
  if (status === 'completed') return end ? `Done ${start} to ${end}` : `Done on ${start}`;
  if (status === 'in-progress')
    return end ? `Started ${start}, in progress until ${end}` : `In progress since ${start}`;
  if (status === 'stopped') return end ? `Started ${start}, stopped on ${end}` : `Started ${start}`;
  if (status === 'on-hold') return `Started ${start}`;
  return end ? `${start} to ${end}` : `On ${start}`;
};

/**
 * The status word and the dates of a health summary item, as the record has them: an immunization is
 * given on a day and a completed procedure done on one (never "since"); a condition with an end date is not called
 * active without saying it ended; an end before the start is shown as written, saying the dates disagree.
 * `date` writes a FHIR date in words; the end date it consumes is left out of `details`.
 */
export function healthSummaryWhen(item: Item, date: (fhir: string) => string) {
  const { Ended: end, ...coded } = item.details;
  const details = Object.fromEntries(
    Object.entries(coded).map(([label, value]) => [label, DETAIL_WORDS[label]?.[value] ?? value]),
  );
  const start = item.onsetAt;
  // A procedure that ends the day it starts was done on that day.
  const ended =
    end !== undefined &&
    !(item.kind === 'procedure' && start !== null && end.slice(0, 10) === start.slice(0, 10));
  const disagree = ended && start !== null && before(end, start);
  const code =
    item.kind === 'procedure' && item.status ? (PROCEDURE_STATUS[item.status] ?? item.status) : item.status;
  let status = healthSummaryStatusWords(code);
  if (item.kind === 'condition' && ended && item.status && ONGOING.has(item.status))
    status = `${status}, but has an end date`;

  let when: string | null = null;
  if (start === null) {
    when = item.recordedAt ? `Recorded on ${date(item.recordedAt)}` : null;
    if (ended) when = [when, `Ended ${date(end)}`].filter(Boolean).join(' · ');
  } else if (disagree)
    when = `Started ${date(start)}, ended ${date(end)}: the record’s dates disagree (it ends before it starts)`;
  else if (item.kind === 'immunization') when = `Given on ${date(start)}`;
  else if (item.kind === 'procedure') when = procedureWhen(code, date(start), ended ? date(end) : undefined);
  else if (ended) when = `${date(start)} to ${date(end)}`;
  else if (item.kind === 'medication' && item.status && OVER.has(item.status))
    when = `Started ${date(start)}`;
  else when = `Since ${date(start)}`;
  return { status, when, details };
}
