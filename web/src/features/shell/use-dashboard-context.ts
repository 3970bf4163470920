import type { ProfileResponse, RolesResponse } from '@healthfolio/core';
import { useOutletContext } from 'react-router';
import type { SessionUser } from '@/lib/auth-api';

export type DashboardContext = {
  user: SessionUser;
  profile: ProfileResponse;
  roles: RolesResponse;
  diabetes: boolean;
};

export const useDashboardContext = () => useOutletContext<DashboardContext>();
