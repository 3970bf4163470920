import {
  GLUCOSE_ALARM_LABELS,
  type GlucoseAlarmKind,
  SNOOZE_MINUTES_CHOICES,
  snoozeLimitFor,
} from '@healthfolio/core/glucose/alarms';
import type { GlucoseAlarmResponse } from '@healthfolio/core/glucose/alarms.schema';
import type { GlucoseUnit } from '@healthfolio/core/profiles/profile.schema';
import { formatGlucoseWithUnit } from '@healthfolio/core/units/glucose-units';
import {
  AlertOctagon,
  ArrowDown,
  ArrowUp,
  type BellRing,
  Clock,
  TrendingDown,
  TrendingUp,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadMore } from '@/components/ui/load-more';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useWhose } from '@/features/household/whose';
import { errorMessage } from '@/lib/api';
import { formatDateTime, formatTime } from '@/lib/zoned-format';
import { deliveredWhere } from './alarm-delivery-words';
import { useAcknowledgeAlarm, useAlarmHistory, useSnoozeAlarm } from './alarms-api';

const AlarmSettingsForm = lazy(async () => ({
  default: (await import('./alarm-settings-form')).AlarmSettingsForm,
}));

const ICONS: Record<GlucoseAlarmKind, typeof BellRing> = {
  urgent_low: AlertOctagon,
  low: ArrowDown,
  high: ArrowUp,
  urgent_high: AlertOctagon,
  rising_fast: TrendingUp,
  falling_fast: TrendingDown,
  predicted_low: AlertOctagon,
  stale: Clock,
};

const snoozeLabel = (m: number) => (m < 60 ? `${m} min` : `${m / 60} h`);
function AlarmName({ a, unit }: { a: GlucoseAlarmResponse; unit: GlucoseUnit }) {
  const Icon = ICONS[a.kind];
  return (
    <span className="inline-flex items-center gap-1.5 font-medium">
      <Icon aria-hidden="true" className="size-4" />
      {GLUCOSE_ALARM_LABELS[a.kind]}
      {a.valueMgdl !== null && (
        <span className="font-normal text-muted-foreground">{formatGlucoseWithUnit(a.valueMgdl, unit)}</span>
      )}
    </span>
  );
}

function ActiveAlarm({
  a,
  unit,
  timeZone,
}: {
  a: GlucoseAlarmResponse;
  unit: GlucoseUnit;
  timeZone: string;
}) {
  const clock = (iso: string) => formatTime(iso, timeZone);
  const acknowledge = useAcknowledgeAlarm();
  const snooze = useSnoozeAlarm();
  const choices = SNOOZE_MINUTES_CHOICES.filter((m) => m <= snoozeLimitFor(a.kind));
  const [minutes, setMinutes] = useState<number>(choices[0]!);
  const failed = (what: string) => (error: unknown) =>
    toast.error(what, { description: errorMessage(error, 'Please try again.') });
  const snoozed = a.snoozedUntil && Date.parse(a.snoozedUntil) > Date.now();
  return (
    <li className="flex flex-col gap-2 rounded-md border border-destructive/40 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <AlarmName a={a} unit={unit} />
        <span className="text-xs text-muted-foreground">Since {clock(a.raisedAt)}</span>
      </div>
      {a.kind === 'predicted_low' && (
        <p className="text-xs text-muted-foreground">An estimate from the last 30 minutes of readings.</p>
      )}
      <p className="text-xs" aria-live="polite">
        {snoozed ? `Snoozed until ${clock(a.snoozedUntil!)}. ` : ''}
        {a.acknowledgedBy ? `Acknowledged by ${a.acknowledgedBy}.` : 'Not acknowledged yet.'}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {!a.acknowledgedAt && (
          <Button
            size="sm"
            disabled={acknowledge.isPending}
            onClick={() => acknowledge.mutate(a.id, { onError: failed('Not acknowledged') })}
          >
            Acknowledge
          </Button>
        )}
        <label className="sr-only" htmlFor={`snooze-${a.id}`}>
          Snooze for
        </label>
        <Select
          id={`snooze-${a.id}`}
          className="w-28"
          value={minutes}
          onChange={(e) => setMinutes(Number(e.target.value))}
        >
          {choices.map((m) => (
            <option key={m} value={m}>
              {snoozeLabel(m)}
            </option>
          ))}
        </Select>
        <Button
          size="sm"
          variant="outline"
          disabled={snooze.isPending}
          onClick={() =>
            snooze.mutate(
              { id: a.id, minutes },
              {
                onSuccess: () => toast.success(`Snoozed for ${snoozeLabel(minutes)} on every device`),
                onError: failed('Not snoozed'),
              },
            )
          }
        >
          Snooze
        </Button>
      </div>
    </li>
  );
}

function HistoryRow({ a, unit, timeZone }: { a: GlucoseAlarmResponse; unit: GlucoseUnit; timeZone: string }) {
  const time = (iso: string) => formatDateTime(iso, timeZone);
  const clock = (iso: string) => formatTime(iso, timeZone);
  return (
    <li className="flex flex-col gap-0.5 py-2 text-xs">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <AlarmName a={a} unit={unit} />
        <span className="text-muted-foreground">Raised {time(a.raisedAt)}</span>
      </div>
      <span>{deliveredWhere(a.delivered)}</span>
      {a.acknowledgedBy && <span>Acknowledged by {a.acknowledgedBy}</span>}
      {a.snoozedUntil && <span>Snoozed until {time(a.snoozedUntil)}</span>}
      {a.escalatedAt && <span>Sent to caregivers at {clock(a.escalatedAt)}</span>}
      {a.endedAt && <span className="text-muted-foreground">Ended {time(a.endedAt)}</span>}
    </li>
  );
}

/** The Glucose Alerts page's alarms: the ones sounding now, the history of a year, the settings. */
/** Times are in the profile's zone (`timeZone`), like every other time in the app. */
export function AlarmsCard({ unit, timeZone }: { unit: GlucoseUnit; timeZone: string }) {
  const history = useAlarmHistory();
  const w = useWhose();
  const [editing, setEditing] = useState(false);
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  const active = items.filter((a) => a.active);
  return (
    <Card role="region" aria-labelledby="alarms-card-title">
      <CardHeader>
        <CardTitle id="alarms-card-title">Alarms</CardTitle>
        <CardDescription>
          Judged on the server as readings arrive, and sent to{' '}
          {w.name
            ? `${w.your} devices and the devices of ${w.your} household`
            : 'your devices and your household’s'}{' '}
          even when Healthfolio is closed.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        {history.isPending ? (
          <Spinner label="Loading alarms" />
        ) : history.isLoadingError ? (
          <p className="text-destructive">
            {errorMessage(history.error, `Could not load ${w.your} alarms.`)}
          </p>
        ) : (
          <>
            <section aria-labelledby="alarms-now">
              <h3 id="alarms-now" className="mb-2 font-medium">
                Now
              </h3>
              {active.length ? (
                <ul className="flex flex-col gap-2">
                  {active.map((a) => (
                    <ActiveAlarm key={a.id} a={a} unit={unit} timeZone={timeZone} />
                  ))}
                </ul>
              ) : (
                <p className="text-muted-foreground">No alarm is sounding.</p>
              )}
            </section>
            <section aria-labelledby="alarms-history">
              <h3 id="alarms-history" className="font-medium">
                History
              </h3>
              {items.length ? (
                <ul className="divide-y">
                  {items.map((a) => (
                    <HistoryRow key={a.id} a={a} unit={unit} timeZone={timeZone} />
                  ))}
                </ul>
              ) : (
                <p className="text-muted-foreground">No alarms in the past year.</p>
              )}
              <div className="flex flex-col gap-2">
                <LoadMore list={history} what="alarms" label="Show older" />
              </div>
            </section>
          </>
        )}
        <div>
          <Button variant="outline" aria-expanded={editing} onClick={() => setEditing((e) => !e)}>
            {editing ? 'Close alarm settings' : 'Alarm settings'}
          </Button>
          {editing && (
            <Suspense fallback={<Spinner label="Loading alarm settings" />}>
              <AlarmSettingsForm unit={unit} onSaved={() => setEditing(false)} />
            </Suspense>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
