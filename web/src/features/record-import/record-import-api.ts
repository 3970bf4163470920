import type { RecordImportPreview, RecordImportReport } from '@healthfolio/core/records/record-import.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personHeaders } from '@/lib/acting-person';
import { ApiError } from '@/lib/api';

export type { RecordImportPreview, RecordImportReport };

/** A record file sent as the server's uploads are: multipart, with the upload header (CSRF). */
const sendRecord = async <T>(path: string, file: File): Promise<T> => {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      body: form,
      headers: { Accept: 'application/json', 'X-Requested-With': 'healthfolio', ...personHeaders() },
    });
  } catch {
    throw new ApiError('Could not reach the server. Check your connection and try again.', { status: 0 });
  }
  const body = (await res.json().catch(() => ({}))) as { detail?: string; code?: string };
  if (!res.ok) throw new ApiError(body.detail ?? res.statusText, { status: res.status, code: body.code });
  return body as T;
};

export const usePreviewRecord = () =>
  useMutation({
    mutationFn: (file: File) => sendRecord<RecordImportPreview>('/api/v1/records/import/preview', file),
  });

/** Imports the file; every list an import can add to is read again. */
export const useImportRecord = () => {
  const client = useQueryClient();
  return useMutation({
    /** `otherPerson`: the person has confirmed that a file of someone else belongs in this record. */
    mutationFn: ({ file, otherPerson }: { file: File; otherPerson: boolean }) =>
      sendRecord<RecordImportReport>(
        `/api/v1/records/import${otherPerson ? '?otherPerson=confirmed' : ''}`,
        file,
      ),
    onSuccess: () => client.invalidateQueries(),
  });
};
