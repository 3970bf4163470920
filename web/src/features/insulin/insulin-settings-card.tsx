import { insulinSettingsReviewMessage } from '@healthfolio/core/glucose/dosing-guards';
import {
  DIA_MAX_HOURS,
  DIA_MIN_HOURS,
  INSULIN_CURVE_LABELS,
  INSULIN_CURVES,
  type InsulinCurve,
  MAX_SINGLE_DOSE_LIMIT_UNITS,
} from '@healthfolio/core/glucose/insulin-on-board';
import { glucoseDecimals, roundGlucoseForDisplay } from '@healthfolio/core/units/glucose-units';
import { parseDecimalInput } from '@healthfolio/core/units/round';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useGlucoseFormat } from '@/features/diabetes/format';
import { useCreateEntry } from '@/features/diabetes/glucose-api';
import { useWhose, type Whose } from '@/features/household/whose';
import type { StoredInsulinSettings } from './use-insulin-settings';

type Values = {
  carbRatio: string;
  correctionFactor: string;
  target: string;
  curve: InsulinCurve | '';
  diaHours: string;
  maxDose: string;
};

const careTeamLine = (w: Whose) =>
  `These come from ${w.your} care team: use the carb ratio, correction factor, target, maximum single dose, insulin type and duration of action they gave you.`;

/**
 * Carb ratio, correction factor and target, the insulin's curve and duration of action (for insulin on
 * board) and the maximum single dose, saved as a new Insulin Settings entry (the latest is in force).
 * Nothing is filled in for the user: a field shows only what they saved. The factor and target are
 * shown and typed in the user's glucose unit, stored in mg/dL.
 */
export function InsulinSettingsCard({
  stored,
  saved,
  savedAt,
}: {
  stored: StoredInsulinSettings | null;
  /** Every setting is saved and valid (the calculator suggests doses). */
  saved: boolean;
  savedAt: string | null;
}) {
  const fmt = useGlucoseFormat();
  const w = useWhose();
  const create = useCreateEntry();
  const decimals = glucoseDecimals(fmt.unit);
  const glucoseText = (mgdl: number | undefined) =>
    mgdl === undefined ? '' : roundGlucoseForDisplay(mgdl, fmt.unit).toFixed(decimals);
  const text = (n: number | undefined) => (n === undefined ? '' : String(n));
  const form = useForm<Values>({
    values: {
      carbRatio: text(stored?.carb_ratio),
      correctionFactor: glucoseText(stored?.correction_factor),
      target: glucoseText(stored?.target_glucose),
      curve: INSULIN_CURVES.find((c) => c === stored?.insulin_curve) ?? '',
      diaHours: text(stored?.dia_hours),
      maxDose: text(stored?.max_single_dose),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const positive = (what: string) => (s: string) => {
    const n = parseDecimalInput(s);
    if (n === null)
      return s.trim().startsWith('-')
        ? `${what} must be above 0`
        : `Enter the ${what.toLowerCase()} as a number`;
    return n > 0 || `${what} must be above 0`;
  };

  const save = form.handleSubmit(async (v) => {
    // An unchanged field keeps the stored mg/dL value: converting 2.8 mmol/L back would not give 50.
    const shown = (mgdl: number) => roundGlucoseForDisplay(mgdl, fmt.unit).toFixed(decimals);
    const keep = (typed: string, mgdl: number | undefined) =>
      mgdl !== undefined && typed.trim() === shown(mgdl) ? mgdl : fmt.parse(typed);
    const target = keep(v.target, stored?.target_glucose);
    const factor = keep(v.correctionFactor, stored?.correction_factor);
    const ratio = parseDecimalInput(v.carbRatio);
    const dia = parseDecimalInput(v.diaHours);
    const maxDose = parseDecimalInput(v.maxDose);
    if (target === null || factor === null || ratio === null || dia === null || maxDose === null) return;
    if (!v.curve) return;
    try {
      await create.mutateAsync({
        tracker: 'insulin-settings',
        occurredAt: new Date().toISOString(),
        data: {
          carb_ratio: ratio,
          correction_factor: factor,
          target_glucose: target,
          insulin_curve: v.curve,
          dia_hours: dia,
          max_single_dose: maxDose,
        },
      });
      toast.success('Insulin settings saved');
    } catch {
      toast.error('Failed to save settings');
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Settings</CardTitle>
        <CardDescription>
          {saved && savedAt
            ? `Saved ${fmt.dateTime(savedAt)}.`
            : stored?.needs_review
              ? insulinSettingsReviewMessage(w)
              : `No dose is suggested until you save ${w.name ? w.your : 'your own'} settings.`}{' '}
          {careTeamLine(w)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={save} className="grid gap-4 sm:grid-cols-3">
          <FormField
            label="Carb ratio (g per unit)"
            inputMode="decimal"
            error={errors.carbRatio?.message}
            {...form.register('carbRatio', { validate: positive('Carb ratio') })}
          />
          <FormField
            label={`Correction factor (${fmt.unit} per unit)`}
            inputMode="decimal"
            error={errors.correctionFactor?.message}
            {...form.register('correctionFactor', { validate: positive('Correction factor') })}
          />
          <FormField
            label={`Target glucose (${fmt.unit})`}
            inputMode="decimal"
            hint={`Between ${fmt.withUnit(70)} and ${fmt.withUnit(200)}`}
            error={errors.target?.message}
            {...form.register('target', {
              validate: (s) => {
                const mgdl = fmt.parse(s);
                if (mgdl === null) return 'Enter the target as a number';
                // Compare in the unit shown so the limits typed as shown are accepted.
                const shown = (x: number) => roundGlucoseForDisplay(x, fmt.unit);
                return (
                  (shown(mgdl) >= shown(70) && shown(mgdl) <= shown(200)) ||
                  `Target must be between ${fmt.withUnit(70)} and ${fmt.withUnit(200)}`
                );
              },
            })}
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor="insulin-curve">Insulin type</Label>
            <Select
              id="insulin-curve"
              aria-invalid={errors.curve ? true : undefined}
              aria-describedby={errors.curve ? 'insulin-curve-error' : undefined}
              {...form.register('curve', { validate: (c) => c !== '' || 'Choose the insulin type' })}
            >
              <option value="" disabled>
                Choose…
              </option>
              {INSULIN_CURVES.map((c) => (
                <option key={c} value={c}>
                  {INSULIN_CURVE_LABELS[c]}
                </option>
              ))}
            </Select>
            {errors.curve && (
              <p id="insulin-curve-error" className="text-sm text-destructive">
                {errors.curve.message}
              </p>
            )}
          </div>
          <FormField
            label="Duration of insulin action (hours)"
            inputMode="decimal"
            hint={`Between ${DIA_MIN_HOURS} and ${DIA_MAX_HOURS} hours`}
            error={errors.diaHours?.message}
            {...form.register('diaHours', {
              validate: (s) => {
                const n = parseDecimalInput(s);
                if (n === null) return 'Enter the duration as a number of hours';
                return (
                  (n >= DIA_MIN_HOURS && n <= DIA_MAX_HOURS) ||
                  `Duration of insulin action must be between ${DIA_MIN_HOURS} and ${DIA_MAX_HOURS} hours`
                );
              },
            })}
          />
          <FormField
            label="Maximum single dose (units)"
            inputMode="decimal"
            hint="Doses above it are refused"
            error={errors.maxDose?.message}
            {...form.register('maxDose', {
              validate: (s) => {
                const n = parseDecimalInput(s);
                if (n === null) return 'Enter the maximum as a number of units';
                return (
                  (n > 0 && n <= MAX_SINGLE_DOSE_LIMIT_UNITS) ||
                  `Maximum single dose must be above 0 and at most ${MAX_SINGLE_DOSE_LIMIT_UNITS} units`
                );
              },
            })}
          />
          <Button type="submit" className="self-start sm:col-span-3" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save settings'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
