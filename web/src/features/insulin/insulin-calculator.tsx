import {
  calculateInsulinDose,
  clampLoggedGlucose,
  type InsulinSettings,
  insulinInputErrors,
} from '@healthfolio/core/glucose/insulin';
import { INSULIN_MEAL_TYPES } from '@healthfolio/core/trackers/enums';
import { parseDecimalInput } from '@healthfolio/core/units/round';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useGlucoseFormat } from '@/features/diabetes/format';
import { useCreateEntry } from '@/features/diabetes/glucose-api';
import { DoseResult } from './dose-result';

/**
 * Glucose, carbs and meal type in; meal, correction and total insulin out; "Log dose" saves an
 * Insulin entry. Used on the calculator screen and in the home screen's Log Insulin dialog.
 */
export function InsulinCalculator({
  settings,
  onLogged,
}: {
  settings: InsulinSettings;
  onLogged?: () => void;
}) {
  const fmt = useGlucoseFormat();
  const create = useCreateEntry();
  const [glucoseText, setGlucoseText] = useState('');
  const [carbsText, setCarbsText] = useState('');
  const [mealType, setMealType] = useState('');

  // A minus sign is read as a number so the check below can say what is wrong with it.
  const readSigned = (text: string, parse: (t: string) => number | null) => {
    const t = text.trim();
    if (t === '') return { value: null, bad: false };
    const negative = t.startsWith('-');
    const value = parse(negative ? t.slice(1) : t);
    if (value === null) return { value: null, bad: true };
    return { value: negative ? -value : value, bad: false };
  };
  const glucose = readSigned(glucoseText, fmt.parse);
  const carbsRead = readSigned(carbsText, parseDecimalInput);
  const glucoseMgdl = glucose.value;
  const carbs = carbsRead.value;
  const typedBad = {
    glucose: glucose.bad ? 'Enter the glucose as a number' : undefined,
    carbs: carbsRead.bad ? 'Enter the carbs as a number' : undefined,
  };
  const problems = insulinInputErrors({ glucoseMgdl, carbs }, settings, fmt.unit);
  const problemFor = (field: string) => problems.find((p) => p.field === field)?.message;
  const glucoseError = typedBad.glucose ?? problemFor('glucose');
  const carbsError = typedBad.carbs ?? problemFor('carbs');
  const settingsError =
    problemFor('carbRatio') ?? problemFor('correctionFactor') ?? problemFor('targetGlucose');
  const ready = !glucoseError && !carbsError && !settingsError && (glucoseMgdl !== null || carbs !== null);
  const dose = ready ? calculateInsulinDose({ glucoseMgdl, carbs }, settings, fmt.unit) : null;

  const log = async () => {
    if (!dose || dose.totalInsulin <= 0) return;
    try {
      await create.mutateAsync({
        tracker: 'insulin',
        occurredAt: new Date().toISOString(),
        data: {
          glucose_reading: glucoseMgdl == null ? undefined : clampLoggedGlucose(glucoseMgdl),
          carbs: carbs ?? undefined,
          meal_type: (mealType || undefined) as (typeof INSULIN_MEAL_TYPES)[number] | undefined,
          meal_insulin: dose.mealInsulin,
          correction_insulin: dose.correctionInsulin,
          total_insulin: dose.totalInsulin,
        },
      });
      toast.success(`Insulin dose logged: ${dose.totalInsulin.toFixed(1)} units`);
      setGlucoseText('');
      setCarbsText('');
      setMealType('');
      onLogged?.();
    } catch {
      toast.error('Failed to log insulin dose');
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          label={`Current glucose (${fmt.unit})`}
          inputMode="decimal"
          value={glucoseText}
          onChange={(e) => setGlucoseText(e.target.value)}
          error={glucoseError}
          hint={`Between ${fmt.withUnit(20)} and ${fmt.withUnit(600)}`}
        />
        <FormField
          label="Carbs (g)"
          inputMode="decimal"
          value={carbsText}
          onChange={(e) => setCarbsText(e.target.value)}
          error={carbsError}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor="insulin-meal-type">Meal type</Label>
          <Select id="insulin-meal-type" value={mealType} onChange={(e) => setMealType(e.target.value)}>
            <option value="">Not specified</option>
            {INSULIN_MEAL_TYPES.map((t) => (
              <option key={t} value={t}>
                {t[0]?.toUpperCase()}
                {t.slice(1)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {settingsError && (
        <Alert variant="destructive" role="alert">
          {settingsError}. Fix it in your insulin settings.
        </Alert>
      )}
      <DoseResult dose={dose} />
      <p className="flex gap-2 text-sm text-muted-foreground">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        This is an estimate from your own settings, not medical advice. Confirm doses and settings with your
        care team.
      </p>
      <Button
        className="self-start"
        onClick={log}
        disabled={!dose || dose.totalInsulin <= 0 || create.isPending}
      >
        {create.isPending ? 'Logging…' : 'Log dose'}
      </Button>
    </div>
  );
}
