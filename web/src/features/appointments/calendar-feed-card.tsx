import { CalendarPlus, Copy, Link2Off, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useWhose } from '@/features/household/whose';
import { QueryView } from '@/features/trackers/screen-parts';
import { errorMessage } from '@/lib/api';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from './appointments-api';

/** The one-time address: shown from the answer that created it, never read back from the server. */
function FeedAddress({ url, webcalUrl }: { url: string; webcalUrl: string | null }) {
  const id = useId();
  const w = useWhose();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Calendar link copied');
    } catch {
      toast.error('Could not copy', { description: 'Select the link and copy it yourself.' });
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{w.Your} private calendar link</Label>
      <Input
        id={id}
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        aria-describedby={`${id}-note`}
      />
      <p id={`${id}-note`} className="text-sm text-muted-foreground">
        Copy it now: it will not be shown again. Anyone with this link can see {w.your} appointments.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={copy}>
          <Copy aria-hidden="true" /> Copy
        </Button>
        {webcalUrl && (
          <a href={webcalUrl} className={buttonVariants({ variant: 'outline' })}>
            <CalendarPlus aria-hidden="true" /> Open in your calendar app
          </a>
        )}
      </div>
    </div>
  );
}

/** A private iCalendar feed so a phone or desktop calendar keeps the appointments in sync. */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const w = useWhose();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  // Replacing and revoking both end the link calendars use now: each asks first.
  const [confirming, setConfirming] = useState<'revoke' | 'replace' | null>(null);

  const make = () =>
    create.mutate(undefined, {
      onSettled: () => setConfirming(null),
      onError: (e) =>
        toast.error('Could not create the link', { description: errorMessage(e, 'Please try again.') }),
    });
  const stop = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        create.reset();
        setConfirming(null);
        toast.success('Calendar link revoked');
      },
      onError: (e) =>
        toast.error('Could not revoke the link', { description: errorMessage(e, 'Please try again.') }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Calendar subscription</CardTitle>
        <CardDescription>
          Subscribe to a private link in your calendar app (Apple Calendar, Google Calendar, Outlook) and{' '}
          {w.your} appointments appear there and stay up to date.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <QueryView query={feed} what={`${w.your} calendar link`}>
          {(status) => {
            const created = create.data?.url ? create.data : null;
            if (!status.active && !created)
              return (
                <Button className="self-start" onClick={make} disabled={create.isPending}>
                  <CalendarPlus aria-hidden="true" /> Create calendar link
                </Button>
              );
            return (
              <>
                {created?.url ? (
                  <FeedAddress url={created.url} webcalUrl={created.webcalUrl} />
                ) : (
                  <p className="text-sm">
                    {w.Your} calendar link is active. For safety its address is shown only once; replace it to
                    get a new one (the old one stops working).
                  </p>
                )}
                <div className="flex flex-wrap gap-2">
                  {!created && (
                    <Button
                      variant="outline"
                      onClick={() => setConfirming('replace')}
                      disabled={create.isPending}
                    >
                      <RefreshCw aria-hidden="true" /> Replace link
                    </Button>
                  )}
                  <Button variant="ghost" onClick={() => setConfirming('revoke')}>
                    <Link2Off aria-hidden="true" /> Revoke
                  </Button>
                </div>
              </>
            );
          }}
        </QueryView>
      </CardContent>
      {confirming === 'revoke' && (
        <ConfirmDialog
          title="Revoke the calendar link?"
          description={`Calendars subscribed to it stop receiving ${w.your} appointments. You can create a new link later.`}
          confirmLabel="Revoke link"
          pending={revoke.isPending}
          onConfirm={stop}
          onClose={() => setConfirming(null)}
        />
      )}
      {confirming === 'replace' && (
        <ConfirmDialog
          title="Replace the calendar link?"
          description="The link your calendars use now stops working at once. You get a new one to subscribe to again."
          confirmLabel="Replace link"
          pending={create.isPending}
          onConfirm={make}
          onClose={() => setConfirming(null)}
        />
      )}
    </Card>
  );
}
