import type {
  AdminAnalyticsResponse,
  AdminAuditResponse,
  AdminDashboardResponse,
  AdminDataResponse,
  AdminEmailResponse,
  AdminMessageResponse,
  AdminUserDetail,
  AdminUserListResponse,
  AuditWindow,
  MailOutboxResponse,
  PlatformSettingResponse,
  PlatformSettingsResponse,
  Role,
  SettingKey,
  UserStatus,
} from '@healthfolio/core';
import type { AdminBackup, AdminBackupListResponse } from '@healthfolio/core/admin/admin-backups.schema';
import type { AdminShare, AdminShareListResponse } from '@healthfolio/core/admin/admin-shares.schema';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  analytics: ['admin', 'analytics'] as const,
  data: ['admin', 'data'] as const,
  users: ['admin', 'users'] as const,
  shares: ['admin', 'shares'] as const,
  shareList: (q: string) => ['admin', 'shares', q] as const,
  userList: (q: string, status: UserStatus | '') => ['admin', 'users', 'list', q, status] as const,
  user: (id: string) => ['admin', 'users', 'one', id] as const,
  settings: ['admin', 'settings'] as const,
  mail: ['admin', 'mail'] as const,
  audit: (window: AuditWindow, q: string) => ['admin', 'audit', window, q] as const,
};

export const useAdminDashboard = () =>
  useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: () => api<AdminDashboardResponse>('/api/v1/admin/dashboard'),
  });
export const useAdminAnalytics = () =>
  useQuery({
    queryKey: adminKeys.analytics,
    queryFn: () => api<AdminAnalyticsResponse>('/api/v1/admin/analytics'),
  });
export const useAdminData = () =>
  useQuery({ queryKey: adminKeys.data, queryFn: () => api<AdminDataResponse>('/api/v1/admin/data') });

export const useAdminUsers = (q: string, status: UserStatus | '') =>
  useQuery({
    queryKey: adminKeys.userList(q, status),
    queryFn: () => {
      const params = new URLSearchParams();
      if (q.trim()) params.set('q', q.trim());
      if (status) params.set('status', status);
      return api<AdminUserListResponse>(`/api/v1/admin/users?${params}`);
    },
    placeholderData: (previous) => previous,
  });

export const useAdminUser = (id: string | null) =>
  useQuery({
    queryKey: adminKeys.user(id ?? ''),
    queryFn: () => api<AdminUserDetail>(`/api/v1/admin/users/${id}`),
    enabled: Boolean(id),
  });

export const useAssignRole = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      api(`/api/v1/admin/users/${userId}/role`, { method: 'PUT', body: { role } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.users }),
  });
};

export const useSetUserStatus = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, status }: { userId: string; status: 'active' | 'disabled' }) =>
      api<AdminUserDetail>(`/api/v1/admin/users/${userId}/status`, { method: 'PUT', body: { status } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
};

export const useSettings = () =>
  useQuery({
    queryKey: adminKeys.settings,
    queryFn: () => api<PlatformSettingsResponse>('/api/v1/admin/settings'),
  });

export const useUpdateSetting = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: SettingKey; value: unknown }) =>
      api<PlatformSettingResponse>(`/api/v1/admin/settings/${key}`, { method: 'PUT', body: { value } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
};

export const useResetSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<PlatformSettingsResponse>('/api/v1/admin/settings/reset', { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
};

export const useSendMessage = () =>
  useMutation({
    mutationFn: (body: {
      userIds: string[];
      title: string;
      content: string;
      type: string;
      priority: string;
    }) => api<AdminMessageResponse>('/api/v1/admin/messages', { method: 'POST', body }),
  });

export const useSendEmail = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api<AdminEmailResponse>('/api/v1/admin/emails', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.mail }),
  });
};

export const useMailOutbox = () =>
  useQuery({ queryKey: adminKeys.mail, queryFn: () => api<MailOutboxResponse>('/api/v1/admin/mail') });

export const auditQueryString = (window: AuditWindow, q: string) => {
  const params = new URLSearchParams({ window });
  if (q.trim()) params.set('q', q.trim());
  return params;
};

export const useAuditLogs = (window: AuditWindow, q: string) =>
  useInfiniteQuery({
    queryKey: adminKeys.audit(window, q),
    queryFn: ({ pageParam }) => {
      const params = auditQueryString(window, q);
      if (pageParam) params.set('cursor', pageParam);
      return api<AdminAuditResponse>(`/api/v1/admin/audit-logs?${params}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });

export const useAdminShares = (q: string) =>
  useQuery({
    queryKey: adminKeys.shareList(q),
    queryFn: () => {
      const params = new URLSearchParams();
      if (q.trim()) params.set('q', q.trim());
      return api<AdminShareListResponse>(`/api/v1/admin/shares?${params}`);
    },
    placeholderData: (previous) => previous,
  });

export const useRevokeShare = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<AdminShare>(`/api/v1/admin/shares/${id}/revoke`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
};

export const backupKeys = ['admin', 'backups'] as const;

/** Backups, polled every 2 s while one is queued or running (its progress and state show as it goes). */
export const useBackups = () =>
  useQuery({
    queryKey: backupKeys,
    queryFn: () => api<AdminBackupListResponse>('/api/v1/admin/backups'),
    refetchInterval: (q) =>
      q.state.data?.items.some((b) => b.state === 'queued' || b.state === 'running') ? 2_000 : false,
  });

export const useCreateBackup = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<AdminBackup>('/api/v1/admin/backups', { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: backupKeys }),
  });
};

export const useDeleteBackup = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/v1/admin/backups/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: backupKeys }),
  });
};
