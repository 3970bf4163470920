import type { EntryResponse, ShareCategory } from '@healthfolio/core';
import { TRACKER_TITLES } from '@healthfolio/core/trackers/tracker-titles';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { RangeTag } from '@/features/diabetes/glucose-level-tag';
import { LabResultList } from '@/features/labs/lab-result-list';
import { entryValue } from '@/features/trackers/entry-format';
import { LazyTrendChart as TrendChart } from '@/features/trackers/lazy-trend-chart';
import { QueryView } from '@/features/trackers/screen-parts';
import { glucoseLevelSeries, pressureSeries } from '@/features/trackers/trend-series';
import { entryWhen } from '@/lib/entry-when';
import { formatDate, formatTime } from '@/lib/zoned-format';
import { SharedDocumentList } from './shared-document-list';
import {
  type SharedAppointmentsResponse,
  type SharedDocumentsResponse,
  type SharedHealthResponse,
  type SharedLabResultsResponse,
  type SharedMedicationsResponse,
  type SharedOverviewResponse,
  useSharedSection,
} from './shared-view-api';

type Props = { token: string; overview: SharedOverviewResponse };

const Empty = ({ children }: { children: ReactNode }) => (
  <p className="text-sm text-muted-foreground">{children}</p>
);

/** Entries as a table: when, what, value, notes. */
function EntryTable({
  entries,
  o,
  caption,
}: {
  entries: EntryResponse[];
  o: SharedOverviewResponse;
  caption: string;
}) {
  if (entries.length === 0) return <Empty>No {caption.toLowerCase()} in the shared period.</Empty>;
  const sorted = [...entries].sort((a, b) => b.occurredAt.localeCompare(a.occurredAt));
  const when = (e: EntryResponse) => {
    const w = entryWhen(e, o.timeZone);
    return [w.date, w.time].filter(Boolean).join(' ');
  };
  return (
    <>
      {/* A phone gets one card per entry: four columns there cut the notes off at the screen's edge. */}
      <ul aria-label={caption} className="flex flex-col divide-y rounded-md border text-sm sm:hidden">
        {sorted.map((e) => (
          <li key={e.id} className="flex flex-col gap-0.5 px-3 py-2">
            <span className="flex flex-wrap justify-between gap-2">
              <span className="font-medium">{TRACKER_TITLES[e.tracker]}</span>
              <span className="text-muted-foreground">{when(e)}</span>
            </span>
            <span>{entryValue(e, o.glucoseUnit)}</span>
            {e.notes && <span className="break-words text-muted-foreground">{e.notes}</span>}
          </li>
        ))}
      </ul>
      <EntryRows sorted={sorted} o={o} caption={caption} when={when} />
    </>
  );
}

function EntryRows({
  sorted,
  o,
  caption,
  when,
}: {
  sorted: EntryResponse[];
  o: SharedOverviewResponse;
  caption: string;
  when: (e: EntryResponse) => string;
}) {
  return (
    // Wider screens: the table, scrolling sideways if it must; focusable so a keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className="hidden overflow-x-auto sm:block" tabIndex={0} aria-label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              When
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Tracker
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Value
            </th>
            <th scope="col" className="py-2 font-medium">
              Notes
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((e) => (
            <tr key={e.id} className="border-b last:border-0 align-top">
              <td className="py-2 pr-3 whitespace-nowrap">{when(e)}</td>
              <td className="py-2 pr-3">{TRACKER_TITLES[e.tracker]}</td>
              <td className="py-2 pr-3">
                <GlucoseValue entry={e} o={o} />
              </td>
              <td className="py-2 text-muted-foreground">{e.notes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** An entry's value; a glucose reading also carries its level (word and icon), as on the owner's screens. */
function GlucoseValue({ entry, o }: { entry: EntryResponse; o: SharedOverviewResponse }) {
  const mgdl = entry.tracker === 'blood-glucose' ? entry.data.glucose : undefined;
  if (typeof mgdl !== 'number') return <>{entryValue(entry, o.glucoseUnit)}</>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      {entryValue(entry, o.glucoseUnit)}
      <RangeTag mgdl={mgdl} />
    </span>
  );
}

/** Oldest first, as the owner's own trend screen draws it. */
function BloodPressureTrend({ entries, o }: { entries: EntryResponse[]; o: SharedOverviewResponse }) {
  const bp = entries
    .filter((e) => e.tracker === 'blood-pressure')
    .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
  if (bp.length < 2) return null;
  // The series reads only the time zone of the profile it is given.
  const series = pressureSeries(bp, { timezone: o.timeZone } as Parameters<typeof pressureSeries>[1]);
  return (
    <>
      <h3 className="font-medium">Blood pressure trend (mmHg)</h3>
      <TrendChart height={240} series={series} />
    </>
  );
}

function Health({ token, overview: o }: Props) {
  const q = useSharedSection<SharedHealthResponse>(token, '/health-metrics');
  return (
    <QueryView query={q} what="health metrics">
      {(d) => (
        <div className="flex flex-col gap-4">
          <h3 className="font-medium">Glucose trend ({o.glucoseUnit})</h3>
          {d.glucose.points.length === 0 ? (
            <Empty>No glucose readings in the shared period.</Empty>
          ) : (
            <TrendChart
              height={240}
              series={glucoseLevelSeries(
                d.glucose.points.map((p) => ({ at: p.at, mgdl: p.mean })),
                o.glucoseUnit,
                o.timeZone,
              )}
            />
          )}
          <BloodPressureTrend entries={d.entries} o={o} />
          <h3 className="font-medium">Entries</h3>
          <EntryTable entries={d.entries} o={o} caption="Health metric entries" />
        </div>
      )}
    </QueryView>
  );
}

const DOSE_LABELS = { taken: 'Taken', skipped: 'Skipped', overdue: 'Overdue', pending: 'Upcoming' } as const;

function Medications({ token, overview: o }: Props) {
  const q = useSharedSection<SharedMedicationsResponse>(token, '/medications');
  return (
    <QueryView query={q} what="medications">
      {(d) => (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(Object.keys(DOSE_LABELS) as (keyof typeof DOSE_LABELS)[]).map((k) => (
              <div key={k} className="rounded-md border p-3">
                <dt className="text-sm text-muted-foreground">{DOSE_LABELS[k]}</dt>
                <dd className="text-xl font-semibold tabular-nums">{d.adherence[k]}</dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-muted-foreground">Scheduled doses from 30 days ago to 7 days ahead.</p>
          {d.doses.length === 0 ? (
            <Empty>No scheduled doses in this period.</Empty>
          ) : (
            <ul className="flex flex-col divide-y text-sm">
              {d.doses.map((dose) => (
                <li key={dose.id} className="flex flex-wrap items-center gap-2 py-2">
                  <span className="font-medium">
                    {dose.medicationName} {dose.dosage}
                  </span>
                  <span className="text-muted-foreground">
                    {dose.dueDate
                      ? `${formatDate(dose.dueDate, o.timeZone)} ${formatTime(dose.dueDate, o.timeZone)}`
                      : ''}
                  </span>
                  <Badge variant="outline" className="ml-auto">
                    {DOSE_LABELS[dose.status]}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
          <h3 className="font-medium">Logged medication and insulin</h3>
          <EntryTable entries={d.entries} o={o} caption="Medication entries" />
        </div>
      )}
    </QueryView>
  );
}

function Appointments({ token, overview: o }: Props) {
  const q = useSharedSection<SharedAppointmentsResponse>(token, '/appointments');
  return (
    <QueryView query={q} what="appointments">
      {(d) =>
        d.items.length === 0 ? (
          <Empty>No appointments in the shared period.</Empty>
        ) : (
          <ul className="flex flex-col divide-y text-sm">
            {d.items.map((a) => (
              <li key={a.id} className="flex flex-col gap-1 py-2">
                <span className="font-medium">
                  {a.provider}
                  {a.specialty ? ` · ${a.specialty}` : ''}
                  {a.status === 'cancelled' ? ' (cancelled)' : ''}
                </span>
                <span className="text-muted-foreground">
                  {formatDate(a.startsAt, o.timeZone)} {formatTime(a.startsAt, o.timeZone)}
                  {a.location ? ` · ${a.location}` : ''}
                </span>
                {a.reason && <span>{a.reason}</span>}
              </li>
            ))}
          </ul>
        )
      }
    </QueryView>
  );
}

function LabResults({ token, overview: o }: Props) {
  const q = useSharedSection<SharedLabResultsResponse>(token, '/lab-results');
  return (
    <QueryView query={q} what="lab results">
      {(d) => (
        <div className="flex flex-col gap-4">
          {d.results.length === 0 ? (
            <Empty>No lab results in the shared period.</Empty>
          ) : (
            <LabResultList results={d.results} timeZone={o.timeZone} label="Lab results" />
          )}
          <h3 className="font-medium">Lab documents</h3>
          {d.documents.length === 0 ? (
            <Empty>No lab documents in the shared period.</Empty>
          ) : (
            <SharedDocumentList
              token={token}
              section="lab-results/documents"
              items={d.documents}
              timeZone={o.timeZone}
              label="Lab documents"
            />
          )}
        </div>
      )}
    </QueryView>
  );
}

function Documents({ token, overview: o }: Props) {
  const q = useSharedSection<SharedDocumentsResponse>(token, '/documents');
  return (
    <QueryView query={q} what="documents">
      {(d) =>
        d.items.length === 0 ? (
          <Empty>No documents are shared.</Empty>
        ) : (
          <SharedDocumentList
            token={token}
            section="documents"
            items={d.items}
            timeZone={o.timeZone}
            label="Shared documents"
          />
        )
      }
    </QueryView>
  );
}

const SECTIONS: Record<ShareCategory, (p: Props) => ReactNode> = {
  health_metrics: Health,
  medications: Medications,
  appointments: Appointments,
  lab_results: LabResults,
  documents: Documents,
};

export function CategorySection({ category, ...props }: Props & { category: ShareCategory }) {
  const Section = SECTIONS[category];
  return <Section {...props} />;
}
