import { titleFromFileName } from '@healthfolio/core/documents/document-files';
import { Upload } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useWhose } from '@/features/household/whose';
import { QueryView } from '@/features/trackers/screen-parts';
import { useIsMobile } from '@/lib/use-is-mobile';
import { CategoryCards, RepositoryCard } from './category-cards';
import { DocumentList } from './document-list';
import { type DocumentResponse, useDeleteDocument, useDocuments } from './documents-api';
import { useUploader } from './use-uploader';

// Dialogs open on a click: not part of the page's first load (DESIGN §9's 170 KB).
const EditDialog = lazy(() => import('./edit-dialog').then((m) => ({ default: m.EditDialog })));
const UploadDialog = lazy(() => import('./upload-dialog').then((m) => ({ default: m.UploadDialog })));
// Shown only while a file uploads.
const ProcessingDialog = lazy(() =>
  import('./processing-dialog').then((m) => ({ default: m.ProcessingDialog })),
);
const ConfirmDialog = lazy(() =>
  import('@/components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);
const ViewDialog = lazy(() => import('./view-dialog').then((m) => ({ default: m.ViewDialog })));

type Open = { kind: 'view' | 'edit' | 'delete'; doc: DocumentResponse } | { kind: 'upload' } | null;

/** Spec §2 "Documents & Medical Records": kept encrypted on the server, searchable inside the files. */
export function DocumentsPage() {
  const [params, setParams] = useSearchParams();
  const card = params.get('card') ?? undefined;
  const openCard = (slug?: string) => setParams(slug ? { card: slug } : {}, { replace: true });
  const [open, setOpen] = useState<Open>(null);
  const all = useDocuments();
  const w = useWhose();
  const remove = useDeleteDocument();
  const { progress, upload } = useUploader();
  // A link to one document (`?document=<id>`: the source of an imported lab result or summary item) opens it.
  const linked = params.get('document');
  useEffect(() => {
    const doc = linked ? all.data?.find((d) => d.id === linked) : undefined;
    if (doc) setOpen({ kind: 'view', doc });
  }, [linked, all.data]);
  const close = () => {
    setOpen(null);
    if (linked)
      setParams(
        (p) => {
          p.delete('document');
          return p;
        },
        { replace: true },
      );
  };
  const isMobile = useIsMobile();
  const actions = {
    onView: (doc: DocumentResponse) => setOpen({ kind: 'view', doc }),
    onEdit: (doc: DocumentResponse) => setOpen({ kind: 'edit', doc }),
    onDelete: (doc: DocumentResponse) => setOpen({ kind: 'delete', doc }),
  };
  const quickUpload = (file: File, category: string) =>
    void upload({ file, category, title: titleFromFileName(file.name) }, 'Upload Successful');

  const confirmDelete = (doc: DocumentResponse) =>
    remove.mutate(doc.id, {
      onSuccess: () => {
        close();
        toast.success('Document Deleted', { description: `"${doc.title}" was removed.` });
      },
      onError: () =>
        toast.error('Delete Failed', { description: 'The document was not deleted. Please try again.' }),
    });

  // On a phone the search comes first, not below seven cards (a phone's screen is one card tall).
  const list = <DocumentList card={card} onShowAll={() => openCard()} {...actions} />;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {w.Your} medical records, encrypted on the server. Search finds words inside PDFs and scans.
        </p>
        <Button onClick={() => setOpen({ kind: 'upload' })}>
          <Upload aria-hidden="true" /> Upload Document
        </Button>
      </div>
      {isMobile && list}
      <QueryView query={all} what={`${w.your} documents`}>
        {(docs) => (
          <>
            <RepositoryCard docs={docs} onOpen={() => openCard('repository')} onView={actions.onView} />
            <CategoryCards
              docs={docs}
              onOpen={openCard}
              onView={actions.onView}
              onQuickUpload={quickUpload}
            />
          </>
        )}
      </QueryView>
      {!isMobile && list}
      <Suspense fallback={null}>
        {open?.kind === 'upload' && (
          <UploadDialog
            onClose={close}
            onSubmit={(v) => upload({ ...v, file: v.file }, 'Document Uploaded')}
          />
        )}
        {open?.kind === 'view' && <ViewDialog document={open.doc} onClose={close} />}
        {open?.kind === 'edit' && <EditDialog document={open.doc} onClose={close} />}
      </Suspense>
      {open?.kind === 'delete' && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title="Delete this document?"
            description={`"${open.doc.title}" and its file are removed for good.`}
            confirmLabel="Delete"
            pending={remove.isPending}
            onConfirm={() => confirmDelete(open.doc)}
            onClose={close}
          />
        </Suspense>
      )}
      {progress !== null && (
        <Suspense fallback={null}>
          <ProcessingDialog progress={progress} whose={w.your} />
        </Suspense>
      )}
    </div>
  );
}
