import type { ServicesResponse } from '@healthfolio/core';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** Which outside services the server has configured; a screen says plainly what is off. */
export const useServices = () =>
  useQuery({
    queryKey: ['services'],
    queryFn: () => api<ServicesResponse>('/api/v1/services'),
    staleTime: Number.POSITIVE_INFINITY,
  });
