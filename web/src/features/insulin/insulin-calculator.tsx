import {
  checkDose,
  type DoseCheck,
  doseAboveMaximumMessage,
  estimateNotAdvice,
  isLowGlucose,
  type SavedInsulinSettings,
} from '@healthfolio/core/glucose/dosing-guards';
import {
  CARBS_MAX_GRAMS,
  calculateInsulinDose,
  clampLoggedGlucose,
  insulinInputErrors,
} from '@healthfolio/core/glucose/insulin';
import {
  adjustForInsulinOnBoard,
  insulinOnBoard,
  stackingWarning,
} from '@healthfolio/core/glucose/insulin-on-board';
import { INSULIN_MEAL_TYPES, mealTypeLabel } from '@healthfolio/core/trackers/enums';
import { parseDecimalInput } from '@healthfolio/core/units/round';
import { Info } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Segmented } from '@/components/ui/segmented';
import { Select } from '@/components/ui/select';
import { useGlucoseFormat } from '@/features/diabetes/format';
import { useLogEntry } from '@/features/diabetes/glucose-api';
import { useWhose } from '@/features/household/whose';
import { isQueued } from '@/features/offline/queued-entry';
import { errorMessage } from '@/lib/api';
import { DoseResult } from './dose-result';
import { IobResult } from './iob-result';
import { LowGlucoseGuard } from './low-glucose-guard';
import { StackingAlert } from './stacking-alert';
import { useDoseData } from './use-dose-data';
import { useMinuteClock } from './use-insulin-doses';

// The confirmation dialog (and the dialog primitives) is fetched just after the calculator shows, so
// the page's first load stays small and the dialog is ready before anyone can ask for a dose.
const loadHighDoseDialog = () => import('./high-dose-dialog');
const HighDoseDialog = lazy(async () => ({ default: (await loadHighDoseDialog()).HighDoseDialog }));

type Choice = 'adjusted' | 'plain';

// A minus sign is read as a number so the checks can say what is wrong with it.
const readSigned = (text: string, parse: (t: string) => number | null) => {
  const t = text.trim();
  if (t === '') return { value: null, bad: false };
  const negative = t.startsWith('-');
  const value = parse(negative ? t.slice(1) : t);
  if (value === null) return { value: null, bad: true };
  return { value: negative ? -value : value, bad: false };
};

/**
 * Glucose, carbs and meal type in; meal, correction and total insulin out, beside the same dose
 * adjusted for insulin on board; "Log dose" saves an Insulin entry. Only from the user's saved
 * settings; below 70 mg/dL no dose is suggested; a dose above the maximum is shown as refused and
 * cannot be logged. Used on the calculator screen and in the home screen's Log Insulin dialog.
 */
export function InsulinCalculator({
  settings,
  onLogged,
}: {
  settings: SavedInsulinSettings;
  onLogged?: () => void;
}) {
  useEffect(() => {
    void loadHighDoseDialog();
  }, []);
  const fmt = useGlucoseFormat();
  const w = useWhose();
  const create = useLogEntry();
  // Re-rendered every minute, and read afresh on every render: a dose logged a moment ago counts.
  const now = Math.max(useMinuteClock(), Date.now());
  const { doses, dosesLoaded, dosesFailed, checking, refusal } = useDoseData(now, settings.diaHours);
  const [glucoseText, setGlucoseText] = useState('');
  const [carbsText, setCarbsText] = useState('');
  const [mealType, setMealType] = useState('');
  const [choice, setChoice] = useState<Choice>('adjusted');
  const [confirming, setConfirming] = useState<Exclude<DoseCheck, { kind: 'ok' }> | null>(null);

  const glucose = readSigned(glucoseText, fmt.parse);
  const carbsRead = readSigned(carbsText, parseDecimalInput);
  const glucoseMgdl = glucose.value;
  const carbs = carbsRead.value;
  const problems = insulinInputErrors({ glucoseMgdl, carbs }, settings, fmt.unit);
  const problemFor = (field: string) => problems.find((p) => p.field === field)?.message;
  const glucoseError = (glucose.bad ? 'Enter the glucose as a number' : undefined) ?? problemFor('glucose');
  const carbsError = (carbsRead.bad ? 'Enter the carbs as a number' : undefined) ?? problemFor('carbs');
  const settingsError =
    problemFor('carbRatio') ?? problemFor('correctionFactor') ?? problemFor('targetGlucose');
  const ready = !glucoseError && !carbsError && !settingsError && (glucoseMgdl !== null || carbs !== null);
  const low = ready && glucoseMgdl !== null && isLowGlucose(glucoseMgdl);
  // No dose from data that may miss one logged since (use-dose-data.ts): refused, and said why.
  const dose =
    ready && !low && !refusal && !checking
      ? calculateInsulinDose({ glucoseMgdl, carbs }, settings, fmt.unit)
      : null;
  const adjusted =
    dose && dosesLoaded ? adjustForInsulinOnBoard(dose, insulinOnBoard(doses, now, settings)) : null;
  const stacking = dose && dose.correctionInsulin > 0 ? stackingWarning(doses, now, settings) : null;
  const differs = adjusted !== null && dose !== null && adjusted.totalAfterIob !== dose.totalInsulin;
  const logged =
    dose && adjusted && differs && choice === 'adjusted'
      ? { correction: adjusted.correctionAfterIob, total: adjusted.totalAfterIob }
      : dose && { correction: dose.correctionInsulin, total: dose.totalInsulin };
  const refused = logged !== null && checkDose(logged.total, settings.maxSingleDose).kind === 'above_maximum';

  const save = async (confirmed: boolean) => {
    if (!dose || !logged || logged.total <= 0 || refused) return;
    try {
      const answer = await create.mutateAsync({
        tracker: 'insulin',
        occurredAt: new Date().toISOString(),
        data: {
          glucose_reading: glucoseMgdl == null ? undefined : clampLoggedGlucose(glucoseMgdl),
          carbs: carbs ?? undefined,
          meal_type: (mealType || undefined) as (typeof INSULIN_MEAL_TYPES)[number] | undefined,
          meal_insulin: dose.mealInsulin,
          correction_insulin: logged.correction,
          total_insulin: logged.total,
          high_dose_confirmed: confirmed ? true : undefined,
        },
      });
      if (isQueued(answer))
        toast.success(`Insulin dose kept on this device: ${logged.total.toFixed(1)} units`, {
          description: 'You are offline: it will be sent when the connection returns.',
        });
      else toast.success(`Insulin dose logged: ${logged.total.toFixed(1)} units`);
      setConfirming(null);
      setGlucoseText('');
      setCarbsText('');
      setMealType('');
      onLogged?.();
    } catch (error) {
      setConfirming(null);
      toast.error('Failed to log insulin dose', { description: errorMessage(error, 'Please try again.') });
    }
  };
  const log = () => {
    if (!logged || refused) return;
    const check = checkDose(logged.total, settings.maxSingleDose);
    if (check.kind === 'ok') void save(false);
    else setConfirming(check);
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
          hint={`Between 0 and ${CARBS_MAX_GRAMS} g`}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor="insulin-meal-type">Meal type</Label>
          <Select id="insulin-meal-type" value={mealType} onChange={(e) => setMealType(e.target.value)}>
            <option value="">Not specified</option>
            {INSULIN_MEAL_TYPES.map((t) => (
              <option key={t} value={t}>
                {mealTypeLabel(t)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {settingsError && (
        <Alert variant="destructive" role="alert">
          {settingsError}. Fix it in {w.your} insulin settings.
        </Alert>
      )}
      {low && glucoseMgdl !== null ? (
        <LowGlucoseGuard glucoseMgdl={glucoseMgdl} />
      ) : refusal ? (
        <Alert variant="destructive" role="alert" aria-label="No dose suggested">
          <p className="font-semibold">{refusal.title}</p>
          <p>{refusal.message}</p>
        </Alert>
      ) : (
        <>
          {stacking && <StackingAlert warning={stacking} />}
          <DoseResult dose={dose} maximum={settings.maxSingleDose} />
          {adjusted && <IobResult adjusted={adjusted} dosing={settings} />}
          {dose && dosesFailed && (
            <Alert role="status">
              Insulin on board could not be worked out: {w.your} logged doses did not load. The result above
              does not count insulin still active.
            </Alert>
          )}
        </>
      )}
      <p className="flex gap-2 text-sm text-muted-foreground">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {estimateNotAdvice(w)} Confirm doses and settings with {w.your} care team.
      </p>
      {!low && !refusal && (
        <div className="flex flex-col gap-3">
          {differs && adjusted && dose && (
            <Segmented
              label="Dose to log"
              value={choice}
              onChange={setChoice}
              options={[
                { value: 'adjusted', label: `After IOB (${adjusted.totalAfterIob.toFixed(1)} units)` },
                { value: 'plain', label: `Plain formula (${dose.totalInsulin.toFixed(1)} units)` },
              ]}
            />
          )}
          {refused && logged && (
            <Alert variant="destructive" role="alert">
              <p className="font-semibold">Refused: {logged.total.toFixed(1)} units cannot be logged</p>
              <p>{doseAboveMaximumMessage(settings.maxSingleDose, w)}</p>
            </Alert>
          )}
          <Button
            className="self-start"
            onClick={log}
            disabled={!logged || logged.total <= 0 || refused || create.isPending}
          >
            {create.isPending ? 'Logging…' : 'Log dose'}
          </Button>
        </div>
      )}
      {confirming && logged && (
        <Suspense fallback={null}>
          <HighDoseDialog
            units={logged.total}
            check={confirming}
            pending={create.isPending}
            onConfirm={() => void save(true)}
            onClose={() => setConfirming(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
