import type { SharedDocumentItem } from '@healthfolio/core';
import { formatFileSize } from '@healthfolio/core/documents/document-files';
import { Download, Eye } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/zoned-format';
import { sharedPath } from './shared-view-api';

/**
 * The owner's documents as the caregiver sees them: PDF and images open in a new tab (the server
 * sends them inline in a sandbox); every file downloads under its own name. `section` is the API path
 * the file is opened through (documents, or lab results for lab reports).
 */
export function SharedDocumentList({
  token,
  section,
  items,
  timeZone,
  label,
}: {
  token: string;
  section: 'documents' | 'lab-results/documents';
  items: SharedDocumentItem[];
  timeZone: string;
  label: string;
}) {
  const file = (id: string) => sharedPath(token, `/${section}/${encodeURIComponent(id)}/file`);
  return (
    <ul className="flex flex-col divide-y text-sm" aria-label={label}>
      {items.map((doc) => (
        <li key={doc.id} className="flex flex-wrap items-center gap-2 py-2">
          <span className="flex min-w-0 flex-col">
            <span className="font-medium">{doc.title}</span>
            <span className="text-muted-foreground">
              {doc.category} · {formatDate(doc.uploadedAt, timeZone)} · {doc.fileName} ·{' '}
              {formatFileSize(doc.fileSize)}
            </span>
          </span>
          <span className="ml-auto flex gap-1">
            {doc.viewable && (
              <Button asChild variant="outline" size="sm">
                <a
                  href={`${file(doc.id)}?disposition=inline`}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`View ${doc.title}`}
                >
                  <Eye aria-hidden="true" />
                  View
                </a>
              </Button>
            )}
            <Button asChild variant="outline" size="sm">
              <a href={file(doc.id)} download={doc.fileName} aria-label={`Download ${doc.title}`}>
                <Download aria-hidden="true" />
                Download
              </a>
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}
