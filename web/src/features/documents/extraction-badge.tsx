import { EXTRACTION_LABELS, type ExtractionState } from '@healthfolio/core/documents/document-texts';
import { Badge } from '@/components/ui/badge';

/** Whether the words inside the file can be searched yet (said in words, not by colour alone). */
export function ExtractionBadge({ state }: { state: ExtractionState }) {
  return (
    <Badge variant={state === 'failed' ? 'destructive' : 'outline'} className="font-normal">
      {EXTRACTION_LABELS[state]}
    </Badge>
  );
}
