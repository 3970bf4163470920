import { DOCUMENT_CATEGORIES } from '@healthfolio/core/documents/document-categories';
import {
  ACCEPT_ATTRIBUTE,
  titleFromFileName,
  uploadLimitMessage,
} from '@healthfolio/core/documents/document-files';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useInstanceOverview } from '@/features/landing/use-instance-overview';

const size = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
/** 10485760 → "10 MB", 2147483648 → "2 GB". */
const fileSize = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${size.format(bytes / 1024 ** 3)} GB` : `${size.format(bytes / 1024 ** 2)} MB`;

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export interface UploadDialogValues {
  file?: File;
  title: string;
  category: string;
  date: string;
  description: string;
}

/** "Upload Document": the file, a title (its name by default), a category, the date (today) and notes. */
export function UploadDialog({
  category = '',
  onSubmit,
  onClose,
}: {
  category?: string;
  onSubmit: (values: UploadDialogValues) => Promise<boolean>;
  onClose: () => void;
}) {
  const ids = { file: useId(), category: useId(), description: useId() };
  // The admin's current limit (Settings → Maximum file size), never a number written into the screen.
  const limit = useInstanceOverview().data?.features.uploadLimitBytes;
  const [values, setValues] = useState<UploadDialogValues>({
    title: '',
    category,
    date: today(),
    description: '',
  });
  const set = (patch: Partial<UploadDialogValues>) => setValues((v) => ({ ...v, ...patch }));
  // A file over the limit is refused when it is picked, not after minutes of sending it.
  const [fileError, setFileError] = useState<string>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await onSubmit(values)) onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upload Document</DialogTitle>
          <DialogDescription>
            PDF, JPG, JPEG, PNG, DOC or DOCX{limit ? `, up to ${fileSize(limit)}` : ''}.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.file}>File</Label>
            <Input
              id={ids.file}
              type="file"
              accept={ACCEPT_ATTRIBUTE}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${ids.file}-error` : undefined}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file && limit && file.size > limit) {
                  e.target.value = '';
                  setFileError(uploadLimitMessage(limit));
                  set({ file: undefined });
                  return;
                }
                setFileError(undefined);
                set({ file, ...(file && !values.title ? { title: titleFromFileName(file.name) } : {}) });
              }}
            />
            {fileError && (
              <p id={`${ids.file}-error`} role="alert" className="text-sm text-destructive">
                {fileError}
              </p>
            )}
          </div>
          <FormField label="Title" value={values.title} onChange={(e) => set({ title: e.target.value })} />
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.category}>Category</Label>
            <Select
              id={ids.category}
              value={values.category}
              onChange={(e) => set({ category: e.target.value })}
            >
              <option value="">Choose a category</option>
              {DOCUMENT_CATEGORIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </Select>
          </div>
          <FormField
            label="Date"
            type="date"
            value={values.date}
            onChange={(e) => set({ date: e.target.value })}
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.description}>Description (optional)</Label>
            <Textarea
              id={ids.description}
              value={values.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Upload</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
