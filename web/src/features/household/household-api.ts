import type {
  AccountDeleteRequest,
  HouseholdFollowerCreatedResponse,
  HouseholdFollowerCreateRequest,
  HouseholdFollowerListResponse,
  InvitationAcceptResponse,
  InvitationCreatedResponse,
  InvitationCreateRequest,
  InvitationPreview,
  PendingInvitation,
  Person,
  PersonCreateRequest,
  PersonUpdateRequest,
} from '@healthfolio/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

import { householdKeys } from './household-shell';

export { householdKeys, useHousehold } from './household-shell';
export type { HouseholdFollowerCreatedResponse, InvitationPreview, PendingInvitation, Person };

const BASE = '/api/v1/household';

const personPath = (personId: string) => `${BASE}/people/${encodeURIComponent(personId)}` as const;

/** Every change answers with the person or nothing: the household is read again either way. */
const useHouseholdMutation = <TVariables, TResult>(fn: (v: TVariables) => Promise<TResult>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: householdKeys.all, exact: true }),
  });
};

export const useAddPerson = () =>
  useHouseholdMutation((body: PersonCreateRequest) =>
    api<Person>(`${BASE}/people`, { method: 'POST', body }),
  );

export const useUpdatePerson = () =>
  useHouseholdMutation(({ personId, body }: { personId: string; body: PersonUpdateRequest }) =>
    api<Person>(personPath(personId), { method: 'PATCH', body }),
  );

export const useDeletePerson = () =>
  useHouseholdMutation(({ personId, body }: { personId: string; body: AccountDeleteRequest }) =>
    api<null>(personPath(personId), { method: 'DELETE', body }),
  );

export const useInvite = () =>
  useHouseholdMutation(({ personId, body }: { personId: string; body: InvitationCreateRequest }) =>
    api<InvitationCreatedResponse>(`${personPath(personId)}/invitations`, { method: 'POST', body }),
  );

export const useCancelInvitation = () =>
  useHouseholdMutation(({ personId, invitationId }: { personId: string; invitationId: string }) =>
    api<null>(`${personPath(personId)}/invitations/${encodeURIComponent(invitationId)}`, {
      method: 'DELETE',
    }),
  );

export const useRemoveGuardian = () =>
  useHouseholdMutation(({ personId, accountId }: { personId: string; accountId: string }) =>
    api<null>(`${personPath(personId)}/guardians/${encodeURIComponent(accountId)}`, { method: 'DELETE' }),
  );

export const useMutePerson = () =>
  useHouseholdMutation(({ personId, muted }: { personId: string; muted: boolean }) =>
    api<Person>(`${personPath(personId)}/mute`, { method: 'PUT', body: { muted } }),
  );

const invitationPath = (token: string) => `${BASE}/invitations/${encodeURIComponent(token)}` as const;

/** What an invitation link is for; answered signed in or not. */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: householdKeys.invitation(token),
    queryFn: () => api<InvitationPreview>(invitationPath(token)),
    retry: false,
  });

export const acceptInvitation = (token: string) =>
  api<InvitationAcceptResponse>(`${invitationPath(token)}/accept`, { method: 'POST' });

export const claimInvitation = (token: string, password: string) =>
  api<unknown>(`${invitationPath(token)}/claim`, { method: 'POST', body: { password } });

const FOLLOWERS = `${BASE}/followers`;
const followerKeys = { all: ['household', 'followers'] as const };

/** The household's follower tokens (who each follows; never the tokens). */
export const useHouseholdFollowers = () =>
  useQuery({
    queryKey: followerKeys.all,
    queryFn: () => api<HouseholdFollowerListResponse>(FOLLOWERS),
  });

export const useCreateHouseholdFollower = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HouseholdFollowerCreateRequest) =>
      api<HouseholdFollowerCreatedResponse>(FOLLOWERS, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: followerKeys.all }),
  });
};

export const useRevokeHouseholdFollower = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`${FOLLOWERS}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: followerKeys.all }),
  });
};
