import { useMutation } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { possessive } from '@/features/household/household-shell';
import { MODE_LABELS } from '@/features/shell/mode-labels';
import { PlatformModeSwitch } from '@/features/shell/platform-mode-switch';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { authApi } from '@/lib/auth-api';
import { useSignOut } from '@/lib/session';
import { ProfileSettingsCard } from './profile-settings-card';

// The profile and mode show with the page; the cards below them (their forms, schemas and dialogs) load
// beside it, so the page's first load stays within the budget (web/scripts/check-first-load.mjs).
const ReminderSettingsCard = lazy(async () => ({
  default: (await import('./reminder-settings-card')).ReminderSettingsCard,
}));
const HypoSettingsCard = lazy(async () => ({
  default: (await import('@/features/hypo/hypo-settings-card')).HypoSettingsCard,
}));
const GlucoseTargetsCard = lazy(async () => ({
  default: (await import('@/features/diabetes/glucose-targets-card')).GlucoseTargetsCard,
}));
const AlertsCard = lazy(async () => ({ default: (await import('@/features/push/alerts-card')).AlertsCard }));
const HouseholdCard = lazy(async () => ({
  default: (await import('@/features/household/household-card')).HouseholdCard,
}));
const PasswordCard = lazy(async () => ({ default: (await import('./password-card')).PasswordCard }));
const SecurityCard = lazy(async () => ({ default: (await import('./security-card')).SecurityCard }));
const YourDataCard = lazy(async () => ({ default: (await import('./your-data-card')).YourDataCard }));
const AuditHistoryCard = lazy(async () => ({
  default: (await import('./audit-history-card')).AuditHistoryCard,
}));

const Later = ({ what, children }: { what: string; children: ReactNode }) => (
  <Suspense fallback={<Spinner label={`Loading ${what}`} />}>{children}</Suspense>
);

export function SettingsPage() {
  const { profile, user, acting } = useDashboardContext();
  const ward = acting?.ward ? acting.person.displayName : null;
  const current = profile.userType ?? 'general_health';
  const signOut = useSignOut();
  const revoke = useMutation({
    mutationFn: authApi.revokeOtherSessions,
    onSuccess: () => toast.success('Success!', { description: 'Signed out of all other sessions.' }),
    onError: (error) =>
      toast.error('Error', { description: errorMessage(error, 'Could not sign out the other sessions') }),
  });

  return (
    <div className="grid max-w-3xl gap-6">
      <ProfileSettingsCard />
      <Card>
        <CardHeader>
          <CardTitle>Platform mode</CardTitle>
          <CardDescription>
            {ward
              ? `${ward} is on the ${MODE_LABELS[current]} platform. ${possessive(ward)} data and preferences are preserved when you switch.`
              : `You are using the ${MODE_LABELS[current]} platform. Your data and preferences are preserved when you switch.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PlatformModeSwitch current={current} label="Switch platform mode" />
        </CardContent>
      </Card>
      <Later what="your household">
        <HouseholdCard timeZone={profile.timezone} />
      </Later>
      <Later what="reminder settings">
        <ReminderSettingsCard />
      </Later>
      <Later what="low-glucose follow-up settings">
        <HypoSettingsCard />
      </Later>
      <Later what="glucose targets">
        <GlucoseTargetsCard />
      </Later>
      <Later what="alert settings">
        <AlertsCard />
      </Later>
      <Later what="password settings">
        <PasswordCard />
      </Later>
      <Later what="security settings">
        <SecurityCard />
      </Later>
      <Later what="your data">
        <YourDataCard />
      </Later>
      <Card>
        <CardHeader>
          <CardTitle>Sessions</CardTitle>
          <CardDescription>Signed in as {user.email}.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
            Sign out of all other sessions
          </Button>
          <Button variant="outline" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            <LogOut aria-hidden="true" />
            Sign out
          </Button>
        </CardContent>
      </Card>
      <Later what="account activity">
        <AuditHistoryCard />
      </Later>
    </div>
  );
}
