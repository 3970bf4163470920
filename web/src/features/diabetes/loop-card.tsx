import type { LoopStatusResponse } from '@healthfolio/core';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useWhose } from '@/features/household/whose';
import { api } from '@/lib/api';
import type { GlucoseFormat } from './format';
import { diabetesKeys } from './glucose-api';

/** What the closed loop last uploaded; asked again every minute, as the loop runs every five. */
export const useLoopStatus = () =>
  useQuery({
    queryKey: [...diabetesKeys.glucose, 'loop-status'],
    queryFn: () => api<LoopStatusResponse>('/api/v1/devices/loop-status'),
    refetchInterval: 60_000,
  });

const STATE: Record<NonNullable<LoopStatusResponse['loop']>['state'], string> = {
  looping: 'Looping',
  enacted: 'Looping, change enacted',
  error: 'Last run failed',
};

const minutesAgo = (iso: string) => {
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 60_000));
  return minutes === 0 ? 'just now' : minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
};

const units = (n: number, digits = 2) => `${Number(n.toFixed(digits))} U`;

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/**
 * The diabetes home's loop card (Loop, AndroidAPS, OpenAPS, Trio uploading as to Nightscout): IOB,
 * COB, the loop's last run, the temp basal running, the profile switched to, the pump and the phone. Nothing shows for a
 * person whose loop has said nothing in the last hour.
 */
export function LoopCard({ fmt }: { fmt: GlucoseFormat }) {
  const { data } = useLoopStatus();
  const w = useWhose();
  if (!data?.reportedAt) return null;
  const { loop, iob, cob, tempBasal, pump, profile } = data;
  return (
    <Card role="region" aria-label="Closed loop">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <RefreshCw className="size-5 text-muted-foreground" aria-hidden="true" />
          {loop ? `${loop.system}: ${STATE[loop.state]}` : `${w.Your} loop`}
        </CardTitle>
        <CardDescription>
          As {w.your} loop reported {minutesAgo(data.reportedAt)}
          {loop?.lastRunAt && loop.state === 'error' ? `; last good run ${minutesAgo(loop.lastRunAt)}` : ''}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {iob && <Item term="Insulin on board">{units(iob.units)}</Item>}
          {cob && <Item term="Carbs on board">{`${Math.round(cob.grams)} g`}</Item>}
          {tempBasal && (
            <Item term="Temp basal">
              {tempBasal.ratePerHour !== null ? `${units(tempBasal.ratePerHour)}/h` : `${tempBasal.percent}%`}
              <span className="block text-sm font-normal text-muted-foreground">
                until {fmt.time(tempBasal.endsAt)}
                {tempBasal.scheduledPerHour !== null && ` (scheduled ${units(tempBasal.scheduledPerHour)}/h)`}
              </span>
            </Item>
          )}
          {profile && (
            <Item term="Profile">
              {profile.percentage === 100 ? profile.name : `${profile.name} at ${profile.percentage}%`}
              {(profile.endsAt || profile.timeshiftHours !== 0) && (
                <span className="block text-sm font-normal text-muted-foreground">
                  {[
                    profile.timeshiftHours !== 0 &&
                      `shifted ${profile.timeshiftHours > 0 ? '+' : ''}${profile.timeshiftHours} h`,
                    profile.endsAt && `until ${fmt.time(profile.endsAt)}`,
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </span>
              )}
            </Item>
          )}
          {pump && (pump.reservoirUnits !== null || pump.batteryPercent !== null) && (
            <Item term="Pump">
              {pump.reservoirUnits !== null
                ? `${units(pump.reservoirUnits, 1)} left`
                : 'Reservoir not reported'}
              {pump.batteryPercent !== null && (
                <span className="block text-sm font-normal text-muted-foreground">
                  battery {pump.batteryPercent}%
                </span>
              )}
            </Item>
          )}
          {data.uploaderBatteryPercent !== null && (
            <Item term="Phone battery">{`${data.uploaderBatteryPercent}%`}</Item>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
