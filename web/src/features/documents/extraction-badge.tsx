import { type ExtractionState, extractionLabel } from '@healthfolio/core/documents/document-texts';
import { Badge } from '@/components/ui/badge';

/** Whether the words inside the file can be searched yet (said in words, not by colour alone). */
export function ExtractionBadge({ state, textFound }: { state: ExtractionState; textFound: boolean }) {
  return (
    <Badge variant={state === 'failed' ? 'destructive' : 'outline'} className="font-normal">
      {extractionLabel(state, textFound)}
    </Badge>
  );
}
