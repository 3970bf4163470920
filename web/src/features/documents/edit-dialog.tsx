import type { DocumentCategory } from '@healthfolio/core/documents/document.schema';
import { DOCUMENT_CATEGORIES } from '@healthfolio/core/documents/document-categories';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
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
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api';
import { type DocumentResponse, useUpdateDocument } from './documents-api';

/** Edit a document's title, category and description ("Document Saved"). */
export function EditDialog({ document, onClose }: { document: DocumentResponse; onClose: () => void }) {
  const ids = { category: useId(), description: useId() };
  const save = useUpdateDocument();
  const [title, setTitle] = useState(document.title);
  const [category, setCategory] = useState(document.category);
  const [description, setDescription] = useState(document.description ?? '');
  const [titleError, setTitleError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Checked here, in words, before anything is sent (the upload form asks for a title the same way).
    if (!title.trim()) {
      setTitleError('Enter a title.');
      return;
    }
    setTitleError(undefined);
    save.mutate(
      { id: document.id, body: { title, category: category as DocumentCategory, description } },
      {
        onSuccess: () => {
          toast.success('Document Saved');
          onClose();
        },
        onError: (error) => {
          const field = error instanceof ApiError && error.fieldErrors.find((f) => f.path === 'title');
          if (field) setTitleError(field.message);
          else
            toast.error('Could not save the document', {
              description: errorMessage(error, 'Please try again.'),
            });
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Document</DialogTitle>
          <DialogDescription>{document.fileName}</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormField
            label="Title"
            required
            maxLength={200}
            value={title}
            error={titleError}
            onChange={(e) => setTitle(e.target.value)}
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.category}>Category</Label>
            <Select id={ids.category} value={category} onChange={(e) => setCategory(e.target.value)}>
              {DOCUMENT_CATEGORIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.description}>Description</Label>
            <Textarea
              id={ids.description}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
