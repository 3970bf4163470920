import type { UserType } from '@healthfolio/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api';
import { lazyToast } from '@/lib/lazy-toast';
import { takeReturnAfterSignIn } from '@/lib/return-after-sign-in';
import { useProfile, useSession, useUpdateProfile } from '@/lib/session';

const DEFAULT_TIME_ZONE = 'UTC';
const TYPE_PARAM: Record<string, UserType> = { diabetes: 'diabetes_focused', general: 'general_health' };

export type AuthStage = 'loading' | 'signed-out' | 'setting-up' | 'choose' | 'profile-error';

/**
 * Sign-in routing (spec §4): a signed-in user with a type goes to /dashboard; with a `type` in the query
 * the profile gets that type first; otherwise the choice screen shows.
 */
export function useAuthRouting() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryType = TYPE_PARAM[params.get('type') ?? ''];
  const session = useSession();
  const signedIn = Boolean(session.data);
  const profile = useProfile(signedIn);
  const update = useUpdateProfile();
  const [setupFailed, setSetupFailed] = useState(false);
  const done = useRef(false);
  const attempted = useRef(false);

  const enterDashboard = () => {
    if (done.current) return;
    done.current = true;
    lazyToast('success', 'Welcome!', { description: 'You are signed in to Healthfolio.' });
    // A household invitation sent the person here to sign in: back to it, to accept.
    navigate(takeReturnAfterSignIn() ?? '/dashboard', { replace: true });
  };

  // A new profile's zone is the server's default (UTC): the first set-up gives it the browser's zone,
  // so times and medication reminders are the user's own from the start. A zone chosen is kept.
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zone =
    profile.data?.timezone === DEFAULT_TIME_ZONE && browserZone && browserZone !== DEFAULT_TIME_ZONE
      ? { timezone: browserZone }
      : {};
  const setUp = (userType: UserType, withZone = true) =>
    update.mutate(
      { userType, ...(withZone ? zone : {}) },
      {
        onSuccess: enterDashboard,
        onError: (error) => {
          // A zone this server's clock does not know must not stop the set-up: it stays UTC then.
          if (withZone && 'timezone' in zone) return setUp(userType, false);
          setSetupFailed(true);
          lazyToast('error', 'Error', { description: errorMessage(error, 'Failed to set up your profile') });
        },
      },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the session or profile changes
  useEffect(() => {
    if (!signedIn || !profile.data) return;
    if (profile.data.userType) return enterDashboard();
    if (queryType && !attempted.current) {
      attempted.current = true;
      setUp(queryType);
    }
  }, [signedIn, profile.data]);

  let stage: AuthStage;
  if (session.isPending) stage = 'loading';
  else if (!signedIn) stage = 'signed-out';
  else if (profile.isError) stage = 'profile-error';
  else if (!profile.data || profile.data.userType || (queryType && !setupFailed)) stage = 'setting-up';
  else stage = 'choose';

  return {
    stage,
    queryType,
    setUp,
    settingUp: update.isPending,
    profileError: profile.error,
    retryProfile: () => profile.refetch(),
  };
}
