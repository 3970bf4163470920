import { useMutation } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { HypoSettingsCard } from '@/features/hypo/hypo-settings-card';
import { MODE_LABELS } from '@/features/shell/mode-labels';
import { PlatformModeSwitch } from '@/features/shell/platform-mode-switch';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { authApi } from '@/lib/auth-api';
import { useSignOut } from '@/lib/session';
import { AuditHistoryCard } from './audit-history-card';
import { PasswordCard } from './password-card';
import { ProfileSettingsCard } from './profile-settings-card';
import { ReminderSettingsCard } from './reminder-settings-card';
import { SecurityCard } from './security-card';

export function SettingsPage() {
  const { profile, user } = useDashboardContext();
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
            You are using the {MODE_LABELS[current]} platform. Your data and preferences are preserved when
            you switch.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PlatformModeSwitch current={current} label="Switch platform mode" />
        </CardContent>
      </Card>
      <ReminderSettingsCard />
      <HypoSettingsCard />
      <PasswordCard />
      <SecurityCard />
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
      <AuditHistoryCard />
    </div>
  );
}
