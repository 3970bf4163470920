import {
  LOW_GLUCOSE_BELOW_MGDL,
  URGENT_LOW_GLUCOSE_BELOW_MGDL,
} from '@healthfolio/core/glucose/dosing-guards';
import {
  HYPO_ESCALATE_AFTER_MINUTES,
  HYPO_RECHECK_AFTER_MINUTES,
} from '@healthfolio/core/glucose/hypo.schema';
import { useState } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useGlucoseFormat } from '@/features/diabetes/format';
import { useWhose } from '@/features/household/whose';
import { errorMessage } from '@/lib/api';
import { useFollowUps, useHypoSettings, useUpdateHypoSettings } from './hypo-api';

const STATUS_WORDS = {
  active: 'Running',
  recovered: 'Back in range',
  escalated: 'Escalated',
  stopped: 'Stopped',
} as const;

/** The on/off switch of low-glucose follow-ups, who is alerted, and the latest follow-ups. */
export function HypoSettingsCard() {
  const fmt = useGlucoseFormat();
  const w = useWhose();
  const settings = useHypoSettings();
  const update = useUpdateHypoSettings();
  const followUps = useFollowUps();
  const [choice, setChoice] = useState<boolean | null>(null);
  const toggle = (on: boolean) => {
    setChoice(on);
    update.mutate(on, {
      onSuccess: () =>
        toast.success('Success!', {
          description: on ? 'Low-glucose follow-ups turned on.' : 'Low-glucose follow-ups turned off.',
        }),
      onError: (error) =>
        toast.error('Error', { description: errorMessage(error, `Failed to save ${w.your} settings`) }),
      onSettled: () => setChoice(null),
    });
  };
  const latest = followUps.data?.items.slice(0, 5) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Low-glucose follow-up</CardTitle>
        <CardDescription>
          When {w.name ? `one of ${w.your} readings` : 'a reading'} below{' '}
          {fmt.withUnit(LOW_GLUCOSE_BELOW_MGDL)} comes in (logged, imported or from a device), you are alerted
          at once, reminded to re-check after {HYPO_RECHECK_AFTER_MINUTES} minutes, and alerted urgently if it
          is still low or not re-checked after {HYPO_ESCALATE_AFTER_MINUTES} minutes. Below{' '}
          {fmt.withUnit(URGENT_LOW_GLUCOSE_BELOW_MGDL)} the first alert is already urgent.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {settings.isPending ? (
          <Spinner label={`Loading ${w.your} follow-up settings`} />
        ) : settings.isLoadingError ? (
          <p className="text-sm text-destructive">
            {errorMessage(settings.error, `Could not load ${w.your} follow-up settings.`)}
          </p>
        ) : (
          <>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                checked={choice ?? settings.data.enabled}
                disabled={update.isPending}
                aria-describedby="hypo-caregivers-hint"
                onChange={(e) => toggle(e.target.checked)}
              />
              <span>Follow up on low glucose readings</span>
            </label>
            <p id="hypo-caregivers-hint" className="text-xs text-muted-foreground">
              {settings.data.alertRecipients.length > 0
                ? `The urgent alert also goes to ${settings.data.alertRecipients
                    .map((r) => r.name || r.email)
                    .join(', ')} (chosen in Health Data Sharing).`
                : `No caregiver is chosen for alerts: the urgent alert reaches only ${w.name ? `${w.your} household` : 'you'}. In Health Data Sharing, invite someone or open Manage Permissions and turn on “Email them if my glucose stays low after a low-glucose alert”.`}
            </p>
          </>
        )}
        {latest.length > 0 && (
          <ul className="divide-y text-sm" aria-label="Latest follow-ups">
            {latest.map((f) => (
              <li key={f.id} className="flex flex-wrap justify-between gap-x-4 py-1.5">
                <span>
                  {fmt.withUnit(f.valueMgdl)} at {fmt.dateTime(f.readingAt)}
                  {f.urgent ? ' (urgent)' : ''}
                </span>
                <span className="text-muted-foreground">{STATUS_WORDS[f.status]}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
