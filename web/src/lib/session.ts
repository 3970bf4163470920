import type { ProfileResponse, ProfileUpdateRequest, RolesResponse } from '@healthfolio/core';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { setActingPersonId } from './acting-person';
import { api } from './api';
import { authApi } from './auth-api';

export const queryKeys = {
  session: ['session'] as const,
  profile: ['profile'] as const,
  roles: ['roles'] as const,
  providers: ['auth-providers'] as const,
};

const sessionQuery = queryOptions({ queryKey: queryKeys.session, queryFn: authApi.getSession });
const profileQuery = queryOptions({
  queryKey: queryKeys.profile,
  queryFn: () => api<ProfileResponse>('/api/v1/profile'),
});

const NO_ROLES: RolesResponse = { roles: [], isAdmin: false, isModerator: false };

/** Roles load after sign-in; a failure leaves the user with no roles, silently (spec §8). */
const rolesQuery = queryOptions({
  queryKey: queryKeys.roles,
  queryFn: () => api<RolesResponse>('/api/v1/me/roles').catch(() => NO_ROLES),
});

export const useSession = () => useQuery(sessionQuery);
export const useProfile = (enabled = true) => useQuery({ ...profileQuery, enabled });
export const useRoles = (enabled = true) => useQuery({ ...rolesQuery, enabled });

/**
 * Starts the session, profile and roles together when the app opens on a dashboard address, while
 * the page's code is still downloading; the layout's queries then find them in flight or done.
 * Nothing waits on it, and a failure is left for the layout's own query to show. Without a session
 * the profile's answer (401) is dropped, so a sign-in that follows asks again.
 */
export const warmSession = (client: QueryClient) => {
  const profile = client.prefetchQuery(profileQuery);
  const roles = client.prefetchQuery(rolesQuery);
  void client.prefetchQuery(sessionQuery).then(async () => {
    if (client.getQueryData(queryKeys.session)) return;
    await Promise.all([profile, roles]);
    client.removeQueries({ queryKey: queryKeys.profile });
    client.removeQueries({ queryKey: queryKeys.roles });
  });
};

export const useUpdateProfile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) =>
      api<ProfileResponse>('/api/v1/profile', { method: 'PATCH', body }),
    onSuccess: (profile) => {
      client.setQueryData(queryKeys.profile, profile);
      // The household names people by their profiles (the switcher, Settings → Household).
      void client.invalidateQueries({ queryKey: ['household'], exact: true });
    },
  });
};

/** Forgets everything this browser knew about the account, then goes to `to` if given (signed out). */
/** Where a dashboard that finds the session gone sends the browser: sign-in, unless the account left. */
let signedOutTo = '/auth';
export const signedOutDestination = () => signedOutTo;

export const useForgetAccount = () => {
  const client = useQueryClient();
  const navigate = useNavigate();
  return (to?: string) => {
    signedOutTo = to ?? '/auth';
    client.setQueryData(queryKeys.session, null);
    setActingPersonId(null);
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });
    // What this device keeps of the account goes too (entries queued offline, data saved for it).
    void import('@/features/offline/device-data').then((d) => d.forgetDevice());
    if (to) void navigate(to, { replace: true });
  };
};

export const useSignOut = () => {
  const forget = useForgetAccount();
  return useMutation({
    // Offline too: this device forgets the account at once. A server out of reach ends the session
    // by its idle timeout instead, since nothing uses it from then on.
    networkMode: 'always',
    mutationFn: authApi.signOut,
    // Whatever the server said.
    onSettled: () => forget('/auth'),
  });
};
