import type { AttachedDocument } from '@healthfolio/core';
import { type ChangeEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { downloadFile, errorMessage } from '@/lib/api';
import { filePath } from '../documents/documents-api';
import { ProcessingDialog } from '../documents/processing-dialog';
import { UploadDialog } from '../documents/upload-dialog';
import { useUploader } from '../documents/use-uploader';
import { useAttachableDocuments } from './attachable-documents';

export const attachmentText = (doc: AttachedDocument) =>
  doc.title === doc.fileName ? doc.title : `${doc.title} (${doc.fileName})`;

/**
 * A record's attachment (an EOB, a receipt): pick one of the user's documents or upload a new one to
 * the vault, and download it. The download button stays visible; `blocked` says why it is disabled.
 */
export function AttachmentPanel({
  name,
  attached,
  blocked,
  onAttach,
}: {
  /** "EOB" or "Receipt". */
  name: string;
  attached: AttachedDocument | null;
  blocked?: string | null;
  onAttach: (documentId: string | null) => Promise<unknown>;
}) {
  const ids = { select: useId(), why: useId() };
  const documents = useAttachableDocuments(attached);
  const { progress, upload } = useUploader();
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  // An acronym keeps its capitals ("the EOB"); a word does not ("the receipt").
  const lower = name === name.toUpperCase() ? name : name.toLowerCase();

  const attach = async (id: string | null) => {
    setBusy(true);
    try {
      await onAttach(id);
      toast.success(id ? `${name} attached` : `${name} removed`);
    } catch (e) {
      toast.error(`Could not change the ${lower}`, { description: errorMessage(e, 'Please try again.') });
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    if (!attached) return;
    try {
      await downloadFile(filePath(attached.id), attached.fileName);
      toast.success('Download Started', { description: attached.fileName });
    } catch {
      toast.error('Access Failed', { description: 'There was an error accessing the document.' });
    }
  };
  const why = blocked ?? (attached ? null : `No ${lower} is attached yet.`);

  return (
    <section aria-label={name} className="flex flex-col gap-2 border-t pt-3 text-sm">
      <h3 className="font-semibold">{name}</h3>
      <p>{attached ? attachmentText(attached) : `No ${lower} attached.`}</p>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.select}>Attach from your documents</Label>
        <Select
          id={ids.select}
          value={attached?.id ?? ''}
          disabled={busy || documents.isLoading}
          onChange={(e: ChangeEvent<HTMLSelectElement>) => void attach(e.target.value || null)}
        >
          <option value="">{documents.isLoading ? 'Loading your documents…' : 'None'}</option>
          {documents.options.map((d) => (
            <option key={d.id} value={d.id}>
              {d.label}
            </option>
          ))}
        </Select>
        {documents.isError && <p className="text-destructive">Your documents could not be loaded.</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => setUploading(true)} disabled={busy}>
          Upload New {name}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={!!why}
          aria-describedby={why ? ids.why : undefined}
          onClick={() => void download()}
        >
          Download {name}
        </Button>
      </div>
      {why && (
        <p id={ids.why} className="text-muted-foreground">
          {why}
        </p>
      )}
      {uploading && (
        <UploadDialog
          category="Other"
          onClose={() => setUploading(false)}
          onSubmit={(v) =>
            upload({ ...v, file: v.file }, 'Document Uploaded', (created) => attach(created.id))
          }
        />
      )}
      <ProcessingDialog progress={progress} />
    </section>
  );
}
