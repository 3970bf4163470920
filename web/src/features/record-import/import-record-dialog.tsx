import {
  describeCounts,
  type NotUnderstood,
  RECORD_IMPORT_FORMAT_WORDS,
  totalOf,
} from '@healthfolio/core/records/record-import.schema';
import { otherPersonWords, personWords } from '@healthfolio/core/records/whose-record';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { notImportedLines, previewWords } from './import-words';
import { useImportRecord, usePreviewRecord } from './record-import-api';

function NotUnderstoodList({ items }: { items: NotUnderstood[] }) {
  if (items.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-medium">Not imported</p>
      <ul className="list-disc pl-5 text-sm text-muted-foreground">
        {notImportedLines(items).map((line) => (
          <li key={line.what}>
            {line.what}
            {line.reasons.length > 0 && (
              <ul className="list-[circle] pl-5">
                {line.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Import a record: choose a FHIR or C-CDA file, see what it holds and what is already here, then
 * import it and read what was created, skipped and not understood.
 */
export function ImportRecordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const inputId = useId();
  const confirmId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [otherPersonConfirmed, setOtherPersonConfirmed] = useState(false);
  const preview = usePreviewRecord();
  const importing = useImportRecord();
  const choose = (f: File | null) => {
    setFile(f);
    setOtherPersonConfirmed(false);
    preview.reset();
    importing.reset();
    if (f) preview.mutate(f);
  };
  const p = preview.data;
  const report = importing.data;
  const busy = preview.isPending || importing.isPending;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Import a record</DialogTitle>
          <DialogDescription>
            A file from a patient portal or another health app: FHIR R4 (a bundle or NDJSON) or a C-CDA
            document. You will see what it holds before anything is added.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={inputId}>Record file</Label>
            <input
              id={inputId}
              type="file"
              accept=".json,.ndjson,.xml,.fhir,application/json,application/fhir+json,text/xml,application/xml"
              disabled={importing.isPending}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
              className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5"
            />
          </div>
          <div aria-live="polite" className="flex flex-col gap-3">
            {preview.isPending && <Spinner label="Reading the file" />}
            {preview.isError && (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(preview.error, 'The file could not be read.')}
              </p>
            )}
            {p && !report && (
              <div className="flex flex-col gap-2">
                <p className="text-sm text-muted-foreground">
                  {RECORD_IMPORT_FORMAT_WORDS[p.format]}
                  {p.patient && ` · the record of ${personWords(p.patient)}`}
                </p>
                {p.patient && p.otherPerson && (
                  <div
                    role="alert"
                    className="flex flex-col gap-2 rounded-lg border border-destructive/50 p-3"
                  >
                    <p className="text-sm font-medium text-destructive">
                      {otherPersonWords(p.patient, p.importingFor)}
                    </p>
                    <label htmlFor={confirmId} className="flex items-start gap-2 text-sm">
                      <input
                        id={confirmId}
                        type="checkbox"
                        className="mt-0.5"
                        checked={otherPersonConfirmed}
                        onChange={(e) => setOtherPersonConfirmed(e.target.checked)}
                      />
                      Import it into this record anyway
                    </label>
                  </div>
                )}
                <p>{previewWords(p)}</p>
                <NotUnderstoodList items={p.notUnderstood} />
              </div>
            )}
            {importing.isPending && <Spinner label="Importing" />}
            {importing.isError && (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(importing.error, 'The record could not be imported.')}
              </p>
            )}
            {report && (
              <div className="flex flex-col gap-2">
                <p className="font-medium">Import finished</p>
                <p>
                  {totalOf(report.created) === 0
                    ? 'Nothing new was added.'
                    : `Added ${describeCounts(report.created)}.`}
                </p>
                {totalOf(report.skipped) > 0 && (
                  <p className="text-sm text-muted-foreground">
                    Skipped {totalOf(report.skipped).toLocaleString()} already in your record:{' '}
                    {describeCounts(report.skipped)}.
                  </p>
                )}
                {report.notices.map((notice) => (
                  <p key={notice} role="note" className="text-sm font-medium">
                    {notice}
                  </p>
                ))}
                <p className="text-sm text-muted-foreground">The file is kept in your Documents.</p>
                <NotUnderstoodList items={report.notUnderstood} />
              </div>
            )}
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {report ? 'Done' : 'Cancel'}
          </Button>
          {!report && (
            <Button
              disabled={
                !file ||
                !p ||
                busy ||
                totalOf(p.found) === totalOf(p.alreadyHere) ||
                (p.otherPerson && !otherPersonConfirmed)
              }
              onClick={() => file && importing.mutate({ file, otherPerson: otherPersonConfirmed })}
            >
              Import
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
