import { toast } from 'sonner';
import { downloadFile } from '@/lib/api';
import { type DocumentResponse, filePath } from './documents-api';

export const ACCESS_FAILED = 'Access Failed';
export const ACCESS_FAILED_MESSAGE = 'There was an error accessing the document.';

export const downloadDocument = async (doc: DocumentResponse) => {
  try {
    await downloadFile(filePath(doc.id), doc.fileName);
    toast.success('Download Started', { description: doc.fileName });
  } catch {
    toast.error(ACCESS_FAILED, { description: ACCESS_FAILED_MESSAGE });
  }
};
