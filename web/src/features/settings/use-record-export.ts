import type {
  LatestRecordExportResponse,
  RecordExportResponse,
} from '@healthfolio/core/export/record-export.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const RECORD_EXPORT_KEY = ['record-export'] as const;
const POLL_MS = 1000;

const unfinished = (e: RecordExportResponse | null | undefined) =>
  e?.status === 'queued' || e?.status === 'running';

/** The person's latest export, asked again every second while it is being made. */
export const useLatestRecordExport = () =>
  useQuery({
    queryKey: RECORD_EXPORT_KEY,
    queryFn: () => api<LatestRecordExportResponse>('/api/v1/export/record'),
    refetchInterval: (q) => (unfinished(q.state.data?.export) ? POLL_MS : false),
    staleTime: 0,
  });

export const useStartRecordExport = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<RecordExportResponse>('/api/v1/export/record', { method: 'POST' }),
    onSuccess: (created) =>
      qc.setQueryData<LatestRecordExportResponse>(RECORD_EXPORT_KEY, { export: created }),
  });
};
