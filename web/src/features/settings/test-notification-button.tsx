import type { TestEmailOutcome } from '@healthfolio/core';
import { BellRing } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useSendTestNotification } from '@/features/notifications/notifications-api';
import { ApiError } from '@/lib/api';

const FAILED = 'Could not send the notification. Please try again.';

const outcomeText = (email: TestEmailOutcome, address: string) =>
  ({
    sent: `Sent. It is in your notifications, and an email is on its way to ${address}.`,
    off: 'Sent. It is in your notifications. Turn on the email option above to get reminders by email too.',
    unverified: 'Sent to your notifications. No email went: confirm your email address first.',
    not_configured: 'Sent to your notifications. No email went: email is not set up on this server.',
    paused_by_admin:
      'Sent to your notifications. No email went: the administrator has paused notification emails.',
  })[email];

/**
 * Sends the user a test notification down the same path as a due reminder, so they can see the live
 * toast (and the email, if they opted in) before relying on it.
 */
export function TestNotificationButton({ email }: { email: string }) {
  const send = useSendTestNotification();
  const onClick = () =>
    send.mutate(undefined, {
      onError: (error) =>
        // Spec §8's message; a refusal for sending too often says how long to wait instead.
        toast.error('Failed to Send', {
          description: error instanceof ApiError && error.status === 429 ? error.message : FAILED,
        }),
    });

  return (
    <div className="flex flex-col items-start gap-2">
      <Button type="button" variant="outline" size="sm" onClick={onClick} disabled={send.isPending}>
        <BellRing aria-hidden="true" />
        {send.isPending ? 'Sending…' : 'Send a test notification'}
      </Button>
      <p role="status" className="text-xs text-muted-foreground">
        {send.isSuccess ? outcomeText(send.data.email, email) : ''}
      </p>
    </div>
  );
}
