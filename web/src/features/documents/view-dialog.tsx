import { EXTRACTION_FAILURE_REASONS } from '@healthfolio/core/documents/document-texts';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { ACCESS_FAILED, ACCESS_FAILED_MESSAGE, downloadDocument } from './document-actions';
import { documentMeta } from './document-meta';
import { type DocumentResponse, fetchFile } from './documents-api';
import { ExtractionBadge } from './extraction-badge';

const PdfViewer = lazy(() => import('./pdf-viewer').then((m) => ({ default: m.PdfViewer })));

function ImageView({ data, title }: { data: Blob; title: string }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const u = URL.createObjectURL(data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [data]);
  return url ? <img src={url} alt={title} className="mx-auto max-h-[60vh] w-auto rounded border" /> : null;
}

/** A document's details and, for PDF and images, the file itself; other types are downloaded. */
export function ViewDialog({ document: doc, onClose }: { document: DocumentResponse; onClose: () => void }) {
  const file = useQuery({
    queryKey: ['documents', 'file', doc.id],
    queryFn: () => fetchFile(doc.id),
    enabled: doc.viewable,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const [failed, setFailed] = useState(false);
  const onPdfError = useCallback(() => setFailed(true), []);
  const shownError = failed || file.isLoadingError;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{doc.title}</DialogTitle>
          <DialogDescription>{documentMeta(doc)}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <ExtractionBadge state={doc.extraction} textFound={doc.textFound} />
        </div>
        {doc.extraction === 'failed' && (
          <p className="text-sm text-muted-foreground">
            We couldn't read the text of this file; the file itself is fine.{' '}
            {EXTRACTION_FAILURE_REASONS[doc.extractionFailure ?? 'unreadable']} Searching finds it by its
            title, description and file name.
          </p>
        )}
        {doc.description && <p className="text-sm whitespace-pre-wrap">{doc.description}</p>}
        {!doc.viewable ? (
          <p className="text-sm text-muted-foreground">
            This file type cannot be shown here. Download it to open it.
          </p>
        ) : shownError ? (
          <ErrorState title={ACCESS_FAILED} message={ACCESS_FAILED_MESSAGE} />
        ) : file.isPending ? (
          <Spinner label="Loading the document" className="p-6" />
        ) : doc.fileType === 'application/pdf' ? (
          <Suspense fallback={<Spinner label="Loading the viewer" className="p-6" />}>
            <PdfViewer data={file.data} title={doc.title} onError={onPdfError} />
          </Suspense>
        ) : (
          <ImageView data={file.data} title={doc.title} />
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => void downloadDocument(doc)}>
            <Download aria-hidden="true" /> Download
          </Button>
          <Button onClick={onClose}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
