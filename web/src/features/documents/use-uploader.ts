import { isAllowedFileName, uploadLimitMessage } from '@healthfolio/core/documents/document-files';
import {
  MISSING_INFORMATION_MESSAGE,
  MISSING_INFORMATION_TITLE,
} from '@healthfolio/core/documents/document-texts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { useInstanceOverview } from '@/features/landing/use-instance-overview';
import { ApiError } from '@/lib/api';
import { type DocumentResponse, documentKeys, sendUpload, type UploadFields } from './documents-api';

const UPLOAD_FAILED = 'Upload Failed';
const UPLOAD_FAILED_MESSAGE = 'There was an error uploading your document. Please try again.';

/** What went wrong, in the user's terms: the server's reason for a refused file, else the spec's sentence. */
const failure = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : UPLOAD_FAILED_MESSAGE;

/** Names only what is missing ("Please choose a category."); all three missing is the spec's sentence. */
const missingFields = (file?: File, title?: string, category?: string) => {
  const missing = [
    !file && 'select a file',
    !title?.trim() && 'enter a title',
    !category && 'choose a category',
  ].filter((m): m is string => Boolean(m));
  if (missing.length === 3) return MISSING_INFORMATION_MESSAGE;
  return `Please ${missing.join(' and ')}.`;
};

/** One upload at a time, with its progress (null when idle) for the blocking "Processing" dialog. */
export const useUploader = () => {
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  // The admin's current limit: a larger file is refused here, before any of it is sent.
  const limit = useInstanceOverview().data?.features.uploadLimitBytes;

  /** Resolves true when stored (`onStored` gets the new document); toasts say what happened either way. */
  const upload = async (
    fields: Partial<UploadFields>,
    success: 'Document Uploaded' | 'Upload Successful',
    onStored?: (created: DocumentResponse) => Promise<void> | void,
  ) => {
    const { file, title, category } = fields;
    if (!file || !title?.trim() || !category) {
      toast.error(MISSING_INFORMATION_TITLE, { description: missingFields(file, title, category) });
      return false;
    }
    if (!isAllowedFileName(file.name)) {
      toast.error(UPLOAD_FAILED, {
        description: 'Only PDF, JPG, JPEG, PNG, DOC and DOCX files can be uploaded.',
      });
      return false;
    }
    if (limit && file.size > limit) {
      toast.error(UPLOAD_FAILED, { description: uploadLimitMessage(limit) });
      return false;
    }
    setProgress(0);
    try {
      const created = await sendUpload({ ...fields, file, title, category }, setProgress);
      await client.invalidateQueries({ queryKey: documentKeys.all });
      toast.success(success, { description: `"${created.title}" was added to ${created.category}.` });
      await onStored?.(created);
      return true;
    } catch (error) {
      toast.error(UPLOAD_FAILED, { description: failure(error) });
      return false;
    } finally {
      setProgress(null);
    }
  };
  return { progress, upload };
};
