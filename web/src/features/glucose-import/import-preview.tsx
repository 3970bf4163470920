import { countOf } from '@healthfolio/core/text/count-words';
import { zoneWords } from '@healthfolio/core/text/zone-words';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { GlucoseFormat } from '@/features/diabetes/format';
import { FORMAT_LABELS } from './format-labels';
import type { ParsedImport } from './import-parser';

const SKIPPED_SHOWN = 20;

/** What the file holds, before anything is stored. */
export function ImportPreview({
  fileName,
  result,
  fmt,
}: {
  fileName: string;
  result: ParsedImport;
  fmt: GlucoseFormat;
}) {
  const skipped = result.skipped;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Preview of {fileName}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Format</dt>
            <dd className="font-medium">{FORMAT_LABELS[result.format]}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Unit detected</dt>
            <dd className="font-medium">{result.unit}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Rows found</dt>
            <dd className="font-medium tabular-nums">{result.rowsFound.toLocaleString()}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Readings to import</dt>
            <dd className="font-medium tabular-nums">{result.readings.length.toLocaleString()}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-muted-foreground">Date range ({zoneWords(fmt.timeZone)})</dt>
            <dd className="font-medium">
              {result.firstAt != null && result.lastAt != null
                ? `${fmt.dateTime(result.firstAt)} – ${fmt.dateTime(result.lastAt)}`
                : 'No readings'}
            </dd>
          </div>
          {result.clipped ? (
            <div className="sm:col-span-2">
              <dt className="text-muted-foreground">Sensor limits</dt>
              <dd>
                {countOf(result.clipped, 'reading')} {result.clipped === 1 ? 'was' : 'were'} “Low” or “High”
                beyond the sensor's range and
                {result.clipped === 1 ? 'is' : 'are'} stored at its limits ({fmt.withUnit(40)} and{' '}
                {fmt.withUnit(400)}).
              </dd>
            </div>
          ) : null}
        </dl>
        <div className="text-sm">
          <p className="font-medium">
            {skipped.length === 0
              ? 'No rows skipped.'
              : `${skipped.length.toLocaleString()} ${skipped.length === 1 ? 'row' : 'rows'} skipped`}
          </p>
          {skipped.length > 0 && (
            <ul className="mt-2 flex flex-col gap-1">
              {skipped.slice(0, SKIPPED_SHOWN).map((row) => (
                <li key={row.line}>
                  <span className="text-muted-foreground">Line {row.line}:</span> {row.reason}
                </li>
              ))}
              {skipped.length > SKIPPED_SHOWN && (
                <li className="text-muted-foreground">
                  …and {(skipped.length - SKIPPED_SHOWN).toLocaleString()} more skipped rows
                </li>
              )}
            </ul>
          )}
        </div>
        {result.readings.length === 0 && (
          <p role="alert" className="text-sm text-destructive">
            The file has no readings that can be imported.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
