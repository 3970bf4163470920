import { type GlucoseAlarmSettings, STALE_MINUTES_CHOICES } from '@healthfolio/core/glucose/alarms';
import { glucoseAlarmSettingsRequestIn } from '@healthfolio/core/glucose/alarms.schema';
import type { GlucoseUnit } from '@healthfolio/core/profiles/profile.schema';
import {
  formatGlucose,
  formatGlucoseWithUnit,
  MGDL_PER_MMOLL,
  parseGlucoseInput,
} from '@healthfolio/core/units/glucose-units';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useAlarmSettings, useSaveAlarmSettings } from './alarms-api';

type Level = 'urgentLowMgdl' | 'lowMgdl' | 'highMgdl' | 'urgentHighMgdl';
type Switch = 'lowEnabled' | 'highEnabled' | 'urgentHighEnabled';
const LEVELS: { level: Level; label: string; on?: Switch }[] = [
  { level: 'urgentLowMgdl', label: 'Urgent low below (always on)' },
  { level: 'lowMgdl', label: 'Low below', on: 'lowEnabled' },
  { level: 'highMgdl', label: 'High above', on: 'highEnabled' },
  { level: 'urgentHighMgdl', label: 'Very high above', on: 'urgentHighEnabled' },
];
/** Dexcom's rise and fall alerts offer these rates (mg/dL per minute). */
const RATES = [2, 3];

export function AlarmSettingsForm({ unit, onSaved }: { unit: GlucoseUnit; onSaved: () => void }) {
  const settings = useAlarmSettings();
  if (settings.isPending) return <Spinner label="Loading alarm settings" />;
  if (settings.isLoadingError)
    return (
      <p className="text-destructive">{errorMessage(settings.error, 'Could not load alarm settings.')}</p>
    );
  return <SettingsForm initial={settings.data as GlucoseAlarmSettings} unit={unit} onSaved={onSaved} />;
}

function SettingsForm({
  initial,
  unit,
  onSaved,
}: {
  initial: GlucoseAlarmSettings;
  unit: GlucoseUnit;
  onSaved: () => void;
}) {
  const save = useSaveAlarmSettings();
  const [s, setS] = useState(initial);
  const [typed, setTyped] = useState(
    Object.fromEntries(LEVELS.map(({ level }) => [level, formatGlucose(initial[level], unit)])) as Record<
      Level,
      string
    >,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const flip = (key: keyof GlucoseAlarmSettings) => (e: { target: { checked: boolean } }) =>
    setS((v) => ({ ...v, [key]: e.target.checked }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const levels = Object.fromEntries(
      LEVELS.map(({ level }) => [level, parseGlucoseInput(typed[level], unit) ?? Number.NaN]),
    );
    const parsed = glucoseAlarmSettingsRequestIn(unit).safeParse({ ...s, ...levels });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data as GlucoseAlarmSettings, {
      onSuccess: () => {
        toast.success('Alarm settings saved');
        onSaved();
      },
      onError: (error) => toast.error('Not saved', { description: errorMessage(error, 'Please try again.') }),
    });
  };

  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-4" aria-label="Alarm settings" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        {LEVELS.map(({ level, label, on }) => (
          <div key={level} className="flex flex-col gap-2">
            {on && (
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={s[on]}
                  onChange={flip(on)}
                />
                <span>{label.replace(/ (below|above)$/, '')} alarm</span>
              </label>
            )}
            <FormField
              label={`${label} (${unit})`}
              inputMode="decimal"
              value={typed[level]}
              disabled={on ? !s[on] : false}
              error={errors[level]}
              onChange={(e) => setTyped((t) => ({ ...t, [level]: e.target.value }))}
            />
          </div>
        ))}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Trends</legend>
        {(['risingFast', 'fallingFast'] as const).map((k) => (
          <div key={k} className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={s[`${k}Enabled`]}
                onChange={flip(`${k}Enabled`)}
              />
              <span>{k === 'risingFast' ? 'Rising fast' : 'Falling fast'}, faster than</span>
            </label>
            <Select
              aria-label={`${k === 'risingFast' ? 'Rising' : 'Falling'} fast rate`}
              className="w-48"
              value={s[`${k}Rate`]}
              onChange={(e) => setS((v) => ({ ...v, [`${k}Rate`]: Number(e.target.value) }))}
            >
              {RATES.map((r) => (
                <option key={r} value={r}>
                  {unit === 'mmol/L' ? `${(r / MGDL_PER_MMOLL).toFixed(2)} mmol/L` : `${r} mg/dL`} per minute
                </option>
              ))}
            </Select>
          </div>
        ))}
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={s.predictedLowEnabled}
            onChange={flip('predictedLowEnabled')}
          />
          <span>
            Urgent low soon: an estimate that glucose will be below{' '}
            {formatGlucoseWithUnit(parseGlucoseInput(typed.urgentLowMgdl, unit) ?? s.urgentLowMgdl, unit)}{' '}
            within 20 minutes
          </span>
        </label>
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={s.staleEnabled}
            onChange={flip('staleEnabled')}
          />
          <span>No recent readings from a sensor for</span>
        </label>
        <Label htmlFor="alarm-stale" className="sr-only">
          Minutes without readings
        </Label>
        <Select
          id="alarm-stale"
          className="w-32"
          value={s.staleMinutes}
          disabled={!s.staleEnabled}
          onChange={(e) =>
            setS((v) => ({
              ...v,
              staleMinutes: Number(e.target.value) as GlucoseAlarmSettings['staleMinutes'],
            }))
          }
        >
          {STALE_MINUTES_CHOICES.map((m) => (
            <option key={m} value={m}>
              {m === 60 ? '1 hour' : `${m} minutes`}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        Save alarm settings
      </Button>
    </form>
  );
}
