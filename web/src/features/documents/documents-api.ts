import type {
  DocumentListResponse,
  DocumentResponse,
  DocumentSort,
  DocumentUpdateRequest,
} from '@healthfolio/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { personHeaders } from '@/lib/acting-person';
import { ApiError, api } from '@/lib/api';

export type { DocumentResponse };

const BASE = '/api/v1/documents';

/** Every documents query starts with `documents`: an upload, edit or delete refreshes them all. */
export const documentKeys = {
  all: ['documents'] as const,
  list: (q: string, sort: DocumentSort, card?: string) => ['documents', 'list', q, sort, card ?? ''] as const,
};

/** Re-read while any listed file is still being read for search, so its state moves by itself. */
const stillReading = (items: DocumentResponse[] | undefined) =>
  items?.some((d) => d.extraction === 'queued' || d.extraction === 'reading') ? 3000 : false;

type ListOptions = { q?: string; sort?: DocumentSort; card?: string };

/** The list's address (also preloaded by the home page's HTML, web/src/prerender). */
export const documentsPath = (opts: ListOptions = {}) => {
  const params = new URLSearchParams({ sort: opts.sort ?? 'newest' });
  const q = opts.q?.trim() ?? '';
  if (q) params.set('q', q);
  if (opts.card) params.set('card', opts.card);
  return `${BASE}?${params}` as const;
};

export const useDocuments = (opts: ListOptions = {}) => {
  const q = opts.q?.trim() ?? '';
  const sort = opts.sort ?? 'newest';
  return useQuery({
    queryKey: documentKeys.list(q, sort, opts.card),
    queryFn: () => api<DocumentListResponse>(documentsPath(opts)),
    select: (data) => data.items,
    refetchInterval: (query) => stillReading(query.state.data?.items),
  });
};

export const filePath = (id: string, inline = false) =>
  `${BASE}/${id}/file${inline ? '?disposition=inline' : ''}` as const;

/** The file's bytes for the viewer (fetched, so a refusal is an error rather than a page). */
export const fetchFile = async (id: string) => {
  const res = await fetch(filePath(id, true), { credentials: 'include', headers: personHeaders() });
  if (!res.ok) throw new ApiError('There was an error accessing the document.', { status: res.status });
  return res.blob();
};

export const useUpdateDocument = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DocumentUpdateRequest }) =>
      api<DocumentResponse>(`${BASE}/${id}`, { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.all }),
  });
};

export const useDeleteDocument = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`${BASE}/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.all }),
  });
};

export interface UploadFields {
  file: File;
  title: string;
  category: string;
  date?: string;
  description?: string;
}

/**
 * Sends a document with XMLHttpRequest, the one browser API that reports upload progress. Fields go
 * before the file (the server reads them first); the header marks it as the app's own request (CSRF).
 */
export const sendUpload = (fields: UploadFields, onProgress: (fraction: number) => void) =>
  new Promise<DocumentResponse>((resolve, reject) => {
    const form = new FormData();
    form.append('title', fields.title);
    form.append('category', fields.category);
    if (fields.date) form.append('date', fields.date);
    if (fields.description) form.append('description', fields.description);
    form.append('file', fields.file, fields.file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', BASE);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'healthfolio');
    for (const [name, value] of Object.entries(personHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: { detail?: string; code?: string } & Partial<DocumentResponse> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as DocumentResponse);
      else reject(new ApiError(body.detail ?? xhr.statusText, { status: xhr.status, code: body.code }));
    };
    xhr.onerror = () => reject(new ApiError('Could not reach the server.', { status: 0 }));
    xhr.send(form);
  });
