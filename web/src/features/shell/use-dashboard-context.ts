import type { ProfileResponse, RolesResponse } from '@healthfolio/core';
import { useOutletContext } from 'react-router';
import type { ActingView } from '@/features/household/household-shell';
import type { SessionUser } from '@/lib/auth-api';

export type DashboardContext = {
  user: SessionUser;
  profile: ProfileResponse;
  roles: RolesResponse;
  diabetes: boolean;
  /** The household and whose data is on show; null while it loads or for an account it failed for. */
  acting: ActingView | null;
};

export const useDashboardContext = () => useOutletContext<DashboardContext>();
