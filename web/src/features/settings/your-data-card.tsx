import {
  CSV_TRACKERS,
  recordExportFileName,
  trackerCsvFileName,
} from '@healthfolio/core/export/record-export.schema';
import { TRACKER_TITLES, type TrackerKey } from '@healthfolio/core/trackers/tracker-titles';
import { Download, FileJson } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { possessive } from '@/features/household/household-shell';
import { ImportRecordButton } from '@/features/record-import/import-record-button';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { downloadFile, errorMessage } from '@/lib/api';
import type { ApiPath } from '@/lib/api-path';
import { DeleteAccountSection } from './delete-account-section';
import { useLatestRecordExport, useStartRecordExport } from './use-record-export';

const today = () => new Date().toISOString().slice(0, 10);
const when = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZone });

/** One part of the card, with its own heading (more parts join later: deleting the account). */
function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div>
        <h3 id={id} className="font-medium">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}

const save = async (path: ApiPath, name: string) => {
  try {
    await downloadFile(path, name);
  } catch (error) {
    toast.error('Error', { description: errorMessage(error, 'Could not download the file') });
  }
};

function ExportRecord({ whose }: { whose: string }) {
  const { profile } = useDashboardContext();
  const latest = useLatestRecordExport();
  const start = useStartRecordExport();
  if (latest.isPending) return <Spinner label="Loading your last export" />;
  if (latest.isLoadingError)
    return (
      <ErrorState
        message={errorMessage(latest.error, 'Could not load your last export')}
        onRetry={() => latest.refetch()}
      />
    );
  const last = latest.data.export;
  const busy = last?.status === 'queued' || last?.status === 'running';
  return (
    <div className="flex flex-col gap-3">
      {busy && (
        <div className="flex flex-col gap-2" aria-live="polite">
          <p className="text-sm">
            Preparing {whose} record… {last.progress}%
          </p>
          <Progress label="Export progress" value={last.progress} max={100} valueText={`${last.progress}%`} />
        </div>
      )}
      {last?.status === 'done' && last.downloadable && last.expiresAt && (
        <div
          className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between"
          aria-live="polite"
        >
          <p className="text-sm">Ready to download until {when(last.expiresAt, profile.timezone)}.</p>
          <Button
            variant="outline"
            onClick={() => save(`/api/v1/export/record/${last.id}/file`, recordExportFileName(today()))}
          >
            <Download aria-hidden="true" />
            Download the file
          </Button>
        </div>
      )}
      {last?.status === 'done' && !last.downloadable && (
        <p className="text-sm text-muted-foreground">
          Your last export has expired. Export again for a new file.
        </p>
      )}
      {last?.status === 'failed' && (
        <p role="alert" className="text-sm text-destructive">
          The export could not be finished. Please try again.
        </p>
      )}
      <div>
        <Button
          disabled={busy || start.isPending}
          onClick={() =>
            start.mutate(undefined, {
              onError: (error) =>
                toast.error('Error', { description: errorMessage(error, 'Could not start the export') }),
            })
          }
        >
          <FileJson aria-hidden="true" />
          {whose === 'your' ? 'Export my record' : `Export ${whose} record`}
        </Button>
      </div>
    </div>
  );
}

function TrackerCsv() {
  const [tracker, setTracker] = useState<TrackerKey>('blood-glucose');
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1.5">
        <Label htmlFor={id}>Tracker</Label>
        <Select id={id} value={tracker} onChange={(e) => setTracker(e.target.value as TrackerKey)}>
          {CSV_TRACKERS.map((t) => (
            <option key={t} value={t}>
              {TRACKER_TITLES[t]}
            </option>
          ))}
        </Select>
      </div>
      <Button
        variant="outline"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await save(`/api/v1/export/csv/${tracker}`, trackerCsvFileName(tracker, today()));
          setBusy(false);
        }}
      >
        <Download aria-hidden="true" />
        Download CSV
      </Button>
    </div>
  );
}

/** Settings → Your data: take the record out, whole (FHIR R4) or one tracker at a time (CSV), or leave. */
export function YourDataCard() {
  const { acting } = useDashboardContext();
  const ward = acting?.ward ? acting.person.displayName : null;
  const whose = ward ? possessive(ward) : 'your';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          {ward
            ? `${possessive(ward)} record is theirs to take anywhere.`
            : 'Your record is yours to take anywhere.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <Section
          title="Export my record"
          description={`Everything in ${whose} record in one file (FHIR R4, the format health apps and clinics read), documents included. The download lasts 24 hours.`}
        >
          <ExportRecord whose={whose} />
        </Section>
        <Section
          title="Import a record"
          description={`A record from a patient portal, a clinic or another health app (FHIR R4 or C-CDA) into ${whose} record: lab results, vital signs, glucose readings and a health summary. You see what it holds first; importing the same file again adds nothing.`}
        >
          <div>
            <ImportRecordButton />
          </div>
        </Section>
        <Section
          title="Download a tracker as CSV"
          description="One tracker's entries as a spreadsheet, oldest first, with times in your time zone and glucose in your unit."
        >
          <TrackerCsv />
        </Section>
        {/* Leaving is the account's own choice: not offered while acting for someone else. */}
        {!ward && <DeleteAccountSection />}
      </CardContent>
    </Card>
  );
}
