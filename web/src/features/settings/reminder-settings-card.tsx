import { useState } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { useUpdateProfile } from '@/lib/session';
import { useServices } from '@/lib/use-services';
import { TestNotificationButton } from './test-notification-button';

/** Due reminders always show in the app; this opts in to an email as well. */
export function ReminderSettingsCard() {
  const { profile, user } = useDashboardContext();
  const update = useUpdateProfile();
  const services = useServices();
  // The box shows the choice at once (set in the same render as the click); the stored value takes
  // over when saving ends, so a failed save puts it back.
  const [choice, setChoice] = useState<boolean | null>(null);
  const toggle = (on: boolean) => {
    setChoice(on);
    update.mutate(
      { emailReminders: on },
      {
        onSuccess: () =>
          toast.success('Success!', {
            description: on ? 'Reminder emails turned on.' : 'Reminder emails turned off.',
          }),
        onError: (error) =>
          toast.error('Error', { description: errorMessage(error, 'Failed to save your settings') }),
        onSettled: () => setChoice(null),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Reminders</CardTitle>
        <CardDescription>
          Medication doses, appointments and your own reminders show in the app when they come due.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            // Shows the choice at once; it falls back to the stored value if saving fails.
            checked={choice ?? profile.emailReminders}
            disabled={update.isPending}
            aria-describedby="email-reminders-hint"
            onChange={(e) => toggle(e.target.checked)}
          />
          <span>Also email me when a reminder is due</span>
        </label>
        <p id="email-reminders-hint" className="text-xs text-muted-foreground">
          {services.data?.mail === false
            ? 'Email is not set up on this server, so reminders appear in the app only. Your choice is kept for when it is.'
            : `Emails go to ${user.email}.`}
        </p>
        <TestNotificationButton email={user.email} />
      </CardContent>
    </Card>
  );
}
