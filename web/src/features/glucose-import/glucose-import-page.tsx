import { zoneWords } from '@healthfolio/core/text/zone-words';
import { FileUp } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useGlucoseFormat } from '@/features/diabetes/format';
import { BackLink } from '@/features/diabetes/glucose-ui';
import { FORMAT_LABELS } from './format-labels';
import { type ImportFormat, type ParsedImport, parseGlucoseFile } from './import-parser';
import { ImportPreview } from './import-preview';

type Parsed = { fileName: string; result: ParsedImport };

// The import step (and the schema rules it brings, with zod) loads once a file has readings to import.
const ImportRunner = lazy(async () => ({ default: (await import('./import-runner')).ImportRunner }));

/** /dashboard/glucose-import: choose a CGM export, preview what it holds, import it in batches. */
export function GlucoseImportPage() {
  const fmt = useGlucoseFormat();
  const id = useId();
  const [format, setFormat] = useState<ImportFormat | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [parsing, setParsing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [parsed, setParsed] = useState<Parsed | null>(null);

  const read = async (chosen: File | null, chosenFormat: ImportFormat | '') => {
    setParsed(null);
    setError(null);
    if (!chosen) return;
    setParsing(true);
    try {
      const text = await chosen.text();
      const result = await parseGlucoseFile(text, {
        timeZone: fmt.timeZone,
        format: chosenFormat || undefined,
      });
      setParsed({ fileName: chosen.name, result });
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'The file could not be read.');
    } finally {
      setParsing(false);
    }
  };

  return (
    <div className="flex max-w-4xl flex-col gap-4">
      <BackLink />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <FileUp className="size-5 text-muted-foreground" aria-hidden="true" />
            Choose a file
          </CardTitle>
          <CardDescription>
            An export from Dexcom Clarity or LibreView, or a CSV with a timestamp, a value and a unit per row.
            The file is read in your browser; times without a zone are taken to be in{' '}
            {zoneWords(fmt.timeZone)}. Importing the same file again adds nothing.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-format`}>File type</Label>
            <Select
              id={`${id}-format`}
              value={format}
              onChange={(e) => {
                const next = e.target.value as ImportFormat | '';
                setFormat(next);
                void read(file, next);
              }}
            >
              <option value="">Detect automatically</option>
              {(Object.keys(FORMAT_LABELS) as ImportFormat[]).map((f) => (
                <option key={f} value={f}>
                  {FORMAT_LABELS[f]}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-file`}>CSV file</Label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              // Cleared as the picker opens, so choosing the same file again (fixed, or to re-import) is read again.
              onClick={(e) => {
                e.currentTarget.value = '';
              }}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFile(chosen);
                void read(chosen, format);
              }}
            />
          </div>
        </CardContent>
      </Card>
      {parsing && <Spinner label="Reading the file" />}
      {error && (
        <Alert variant="destructive" role="alert">
          <p className="font-semibold">This file cannot be imported</p>
          <p>{error}</p>
        </Alert>
      )}
      {parsed && (
        <>
          <ImportPreview fileName={parsed.fileName} result={parsed.result} fmt={fmt} />
          {parsed.result.readings.length > 0 && (
            <Suspense fallback={<Spinner label="Loading" />}>
              <ImportRunner key={`${parsed.fileName}-${parsed.result.format}`} result={parsed.result} />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
