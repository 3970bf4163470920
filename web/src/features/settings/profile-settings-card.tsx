import type { ProfileUpdateRequest } from '@healthfolio/core/profiles/profile.schema';
import { zoneWords } from '@healthfolio/core/text/zone-words';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { possessive } from '@/features/household/household-shell';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useUpdateProfile } from '@/lib/session';
import type { ZoneGroup } from './time-zones';

type Values = z.input<typeof ProfileUpdateRequest>;
type Choices = { groups: ZoneGroup[]; value: string };

/**
 * The zone list (the tz database's names, shown in words by region) loads beside the page: until
 * then, the profile's own zone.
 */
const useZoneChoices = (current: string): Choices => {
  const [choices, setChoices] = useState<Choices>({
    groups: [{ label: '', zones: [{ value: current, label: zoneWords(current) }] }],
    value: current,
  });
  useEffect(() => {
    let live = true;
    void import('./time-zones').then((m) => {
      const { zones, value } = m.zoneChoices(current);
      if (live) setChoices({ groups: m.zoneGroups(zones), value });
    });
    return () => {
      live = false;
    };
  }, [current]);
  return choices;
};

export function ProfileSettingsCard() {
  const { profile, acting } = useDashboardContext();
  const ward = acting?.ward ? acting.person.displayName : null;
  const update = useUpdateProfile();
  const { groups, value: timezone } = useZoneChoices(profile.timezone);
  const form = useForm<Values, unknown, z.output<typeof ProfileUpdateRequest>>({
    // The profile's rules (and zod) load on first validation, not with the settings page.
    resolver: lazyZodResolver(
      async () => (await import('@healthfolio/core/profiles/profile.schema')).ProfileUpdateRequest,
    ),
    values: {
      displayName: profile.displayName,
      glucoseUnit: profile.glucoseUnit,
      timezone,
    },
  });
  const { errors, isDirty } = form.formState;
  const save = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast.success('Success!', { description: 'Your settings have been saved.' }),
      onError: (error) =>
        toast.error('Error', { description: errorMessage(error, 'Failed to save your settings') }),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{ward ? `${possessive(ward)} profile` : 'Profile'}</CardTitle>
        <CardDescription>
          {ward
            ? `How Healthfolio addresses ${ward} and shows ${possessive(ward)} numbers.`
            : 'How Healthfolio addresses you and shows your numbers.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={save} className="flex flex-col gap-4">
          <FormField
            label="Display name"
            autoComplete="nickname"
            error={errors.displayName?.message}
            {...form.register('displayName')}
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor="glucose-unit">Glucose unit</Label>
            <Select id="glucose-unit" {...form.register('glucoseUnit')}>
              <option value="mg/dL">mg/dL</option>
              <option value="mmol/L">mmol/L</option>
            </Select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="timezone">Time zone</Label>
            <Select id="timezone" aria-describedby="timezone-hint" {...form.register('timezone')}>
              {groups.map((g) =>
                g.label ? (
                  <optgroup key={g.label} label={g.label}>
                    {g.zones.map((z) => (
                      <option key={z.value} value={z.value}>
                        {z.label}
                      </option>
                    ))}
                  </optgroup>
                ) : (
                  g.zones.map((z) => (
                    <option key={z.value} value={z.value}>
                      {z.label}
                    </option>
                  ))
                ),
              )}
            </Select>
            <p id="timezone-hint" className="text-xs text-muted-foreground">
              Dates and times are shown in this time zone.
              {errors.timezone?.message ? ` ${errors.timezone.message}` : ''}
            </p>
          </div>
          <Button type="submit" className="self-start" disabled={!isDirty || update.isPending}>
            {update.isPending ? 'Saving…' : 'Save changes'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
