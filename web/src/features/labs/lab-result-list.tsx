import { LAB_CRITICAL_ADVICE, type LabFlag } from '@healthfolio/core/labs/lab-units';
import { rangeWords, labValueText as valueWithUnit } from '@healthfolio/core/labs/lab-value-format';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { recordDate } from '@/lib/entry-when';
import type { LabResultResponse } from './labs-api';

const FLAG_WORDS: Record<LabFlag, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  critical: 'Critical',
};
const SOURCE_WORDS: Record<LabResultResponse['source'], string> = {
  typed: 'Typed in',
  imported: 'Imported file',
  portal: 'Patient portal',
};

/** A result's value as the report wrote it: the number and its unit, or the text. */
export const labValueText = (r: Pick<LabResultResponse, 'value' | 'valueText' | 'unit'>) =>
  r.value !== null ? valueWithUnit(r.value, r.unit) : (r.valueText ?? '');

/** When the result was taken: the day in the person's zone, or the year, month or day the record gave. */
export const labDate = (r: Pick<LabResultResponse, 'effectiveAt' | 'effectivePrecision'>, timeZone: string) =>
  recordDate(r.effectiveAt, r.effectivePrecision, timeZone);

/** The reference range as written on the report, or built from its ends. */
export const labRangeText = (r: LabResultResponse) =>
  rangeWords(r.referenceLow, r.referenceHigh, r.unit, r.referenceHighExclusive) || (r.referenceText ?? '');

/** What to do now, before the figure of a result marked critical. */
export function CriticalAdvice({ flag }: { flag: LabFlag | null }) {
  if (flag !== 'critical') return null;
  return (
    <Alert variant="destructive" className="p-3 font-medium">
      {LAB_CRITICAL_ADVICE}
    </Alert>
  );
}

/** The flag in words (never colour alone); nothing when the result has no range to compare with. */
export function FlagBadge({ flag }: { flag: LabFlag | null }) {
  if (!flag) return null;
  const variant = flag === 'normal' ? 'secondary' : flag === 'critical' ? 'destructive' : 'outline';
  return <Badge variant={variant}>{FLAG_WORDS[flag]}</Badge>;
}

export const sourceWords = (r: LabResultResponse) => SOURCE_WORDS[r.source];

/** Results latest first: date, test, value with its flag, range and source. */
export function LabResultList({
  results,
  timeZone,
  label,
  showTest = true,
  linkSources = false,
  onEdit,
  onDelete,
}: {
  results: LabResultResponse[];
  timeZone: string;
  label: string;
  showTest?: boolean;
  /** The owner's list links an imported result to its source document; a caregiver's does not. */
  linkSources?: boolean;
  /** The owner's list offers editing and deleting a result; a caregiver's does not. */
  onEdit?: (r: LabResultResponse) => void;
  onDelete?: (r: LabResultResponse) => void;
}) {
  return (
    <ul aria-label={label} className="flex flex-col divide-y rounded-md border text-sm">
      {results.map((r) => (
        <li key={r.id} className="flex flex-col gap-1 px-3 py-2">
          <CriticalAdvice flag={r.flag} />
          <span className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-medium">{showTest ? r.testName : labDate(r, timeZone)}</span>
            <span className="flex items-center gap-2">
              <span className="font-semibold tabular-nums">{labValueText(r)}</span>
              <FlagBadge flag={r.flag} />
            </span>
          </span>
          <span className="flex flex-wrap justify-between gap-2 text-muted-foreground">
            <span>
              {showTest ? `${labDate(r, timeZone)} · ` : ''}
              {linkSources && r.documentId ? (
                <Link
                  to={`/dashboard/documents?document=${r.documentId}`}
                  className="underline underline-offset-4"
                >
                  {sourceWords(r)}
                </Link>
              ) : (
                sourceWords(r)
              )}
              {r.labName ? ` · ${r.labName}` : ''}
            </span>
            {labRangeText(r) && <span>Reference: {labRangeText(r)}</span>}
          </span>
          {r.note && <span className="break-words text-muted-foreground">{r.note}</span>}
          {(onEdit || onDelete) && (
            <span className="flex justify-end gap-1">
              {onEdit && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Edit the result of ${labDate(r, timeZone)}`}
                  onClick={() => onEdit(r)}
                >
                  Edit
                </Button>
              )}
              {onDelete && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete the result of ${labDate(r, timeZone)}`}
                  onClick={() => onDelete(r)}
                >
                  Delete
                </Button>
              )}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
