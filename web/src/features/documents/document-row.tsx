import { Download, Eye, FileImage, FileText, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { downloadDocument } from './document-actions';
import { documentMeta } from './document-meta';
import type { DocumentResponse } from './documents-api';
import { ExtractionBadge } from './extraction-badge';

export interface RowActions {
  onView: (doc: DocumentResponse) => void;
  onEdit: (doc: DocumentResponse) => void;
  onDelete: (doc: DocumentResponse) => void;
}

/** One document in the list: click it to view; download, edit and delete beside it. */
export function DocumentRow({ doc, onView, onEdit, onDelete }: { doc: DocumentResponse } & RowActions) {
  const Icon = doc.fileType.startsWith('image/') ? FileImage : FileText;
  return (
    <li>
      <article
        aria-label={doc.title}
        className="flex flex-col gap-3 rounded-lg border bg-card p-3 sm:flex-row sm:items-center"
      >
        <button
          type="button"
          onClick={() => onView(doc)}
          className="flex min-w-0 flex-1 items-start gap-3 rounded-md text-left focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="flex min-w-0 flex-col gap-0.5">
            <span className="truncate font-medium">{doc.title}</span>
            <span className="truncate text-xs text-muted-foreground">{documentMeta(doc)}</span>
            {doc.description && (
              <span className="truncate text-sm text-muted-foreground">{doc.description}</span>
            )}
          </span>
        </button>
        <div className="flex flex-wrap items-center gap-1 sm:justify-end">
          <ExtractionBadge state={doc.extraction} textFound={doc.textFound} />
          <Button variant="ghost" size="icon" aria-label={`View ${doc.title}`} onClick={() => onView(doc)}>
            <Eye aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Download ${doc.title}`}
            onClick={() => void downloadDocument(doc)}
          >
            <Download aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Edit ${doc.title}`} onClick={() => onEdit(doc)}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${doc.title}`}
            onClick={() => onDelete(doc)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </article>
    </li>
  );
}
