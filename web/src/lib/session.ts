import type { ProfileResponse, ProfileUpdateRequest, RolesResponse } from '@healthfolio/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from './api';
import { authApi } from './auth-api';

export const queryKeys = {
  session: ['session'] as const,
  profile: ['profile'] as const,
  roles: ['roles'] as const,
  providers: ['auth-providers'] as const,
};

export const useSession = () => useQuery({ queryKey: queryKeys.session, queryFn: authApi.getSession });

export const useProfile = (enabled = true) =>
  useQuery({ queryKey: queryKeys.profile, queryFn: () => api<ProfileResponse>('/api/v1/profile'), enabled });

const NO_ROLES: RolesResponse = { roles: [], isAdmin: false, isModerator: false };

/** Roles load after sign-in; a failure leaves the user with no roles, silently (spec §8). */
export const useRoles = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.roles,
    queryFn: () => api<RolesResponse>('/api/v1/me/roles').catch(() => NO_ROLES),
    enabled,
  });

export const useUpdateProfile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) =>
      api<ProfileResponse>('/api/v1/profile', { method: 'PATCH', body }),
    onSuccess: (profile) => client.setQueryData(queryKeys.profile, profile),
  });
};

export const useSignOut = () => {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: authApi.signOut,
    onSettled: () => {
      // Whatever the server said, forget everything this browser knew about the account.
      client.setQueryData(queryKeys.session, null);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });
      navigate('/auth', { replace: true });
    },
  });
};
