import type { HealthSummaryResponse } from '@healthfolio/core/records/health-summary.schema';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const useHealthSummary = () =>
  useQuery({
    queryKey: ['health-summary'],
    queryFn: () => api<HealthSummaryResponse>('/api/v1/health-summary'),
    select: (data) => data.items,
  });
