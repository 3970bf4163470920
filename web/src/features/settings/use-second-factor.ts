import { useQuery, useQueryClient } from '@tanstack/react-query';
import { secondFactorApi } from '@/lib/second-factor-api';

export const secondFactorKeys = {
  status: ['second-factor'] as const,
  passkeys: ['second-factor', 'passkeys'] as const,
};

export const useSecondFactorStatus = (enabled = true) =>
  useQuery({ queryKey: secondFactorKeys.status, queryFn: secondFactorApi.status, enabled });

export const usePasskeys = () =>
  useQuery({ queryKey: secondFactorKeys.passkeys, queryFn: secondFactorApi.passkeys });

/** After any change: the status (and with it the admin gate) and the passkey list are read again. */
export const useRefreshSecondFactor = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: secondFactorKeys.status });
};
