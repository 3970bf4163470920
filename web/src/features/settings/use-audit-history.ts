import type { AuditListResponse } from '@healthfolio/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const AUDIT_PAGE_SIZE = 20;

/** The user's own audit history, newest first, following the server's keyset cursor. */
export const useAuditHistory = () =>
  useInfiniteQuery({
    queryKey: ['audit-history'],
    queryFn: ({ pageParam }) =>
      api<AuditListResponse>(
        `/api/v1/audit?limit=${AUDIT_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Always current when Settings opens: the list is what just happened to the account.
    staleTime: 0,
  });
