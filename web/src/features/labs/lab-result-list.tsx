import type { LabFlag } from '@healthfolio/core/labs/lab-units';
import { rangeWords, labValueText as valueWithUnit } from '@healthfolio/core/labs/lab-value-format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/zoned-format';
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

/** The reference range as written on the report, or built from its ends. */
export const labRangeText = (r: LabResultResponse) =>
  rangeWords(r.referenceLow, r.referenceHigh, r.unit) || (r.referenceText ?? '');

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
  onEdit,
  onDelete,
}: {
  results: LabResultResponse[];
  timeZone: string;
  label: string;
  showTest?: boolean;
  /** The owner's list offers editing and deleting a result; a caregiver's does not. */
  onEdit?: (r: LabResultResponse) => void;
  onDelete?: (r: LabResultResponse) => void;
}) {
  return (
    <ul aria-label={label} className="flex flex-col divide-y rounded-md border text-sm">
      {results.map((r) => (
        <li key={r.id} className="flex flex-col gap-1 px-3 py-2">
          <span className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-medium">{showTest ? r.testName : formatDate(r.effectiveAt, timeZone)}</span>
            <span className="flex items-center gap-2">
              <span className="font-semibold tabular-nums">{labValueText(r)}</span>
              <FlagBadge flag={r.flag} />
            </span>
          </span>
          <span className="flex flex-wrap justify-between gap-2 text-muted-foreground">
            <span>
              {showTest ? `${formatDate(r.effectiveAt, timeZone)} · ` : ''}
              {sourceWords(r)}
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
                  aria-label={`Edit the result of ${formatDate(r.effectiveAt, timeZone)}`}
                  onClick={() => onEdit(r)}
                >
                  Edit
                </Button>
              )}
              {onDelete && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete the result of ${formatDate(r.effectiveAt, timeZone)}`}
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
