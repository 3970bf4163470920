import { type DosingSettings, dosingSettingsFrom } from '@healthfolio/core/glucose/dosing-guards';
import { INSULIN_DEFAULTS, type InsulinSettings } from '@healthfolio/core/glucose/insulin';
import { useEntries } from '@/features/diabetes/glucose-api';

/**
 * The latest Insulin Settings entry is in force; without one, the spec's defaults (15 / 50 / 120),
 * rapid-acting insulin with a 5-hour duration of action and a 15-unit maximum single dose.
 */
export function useInsulinSettings() {
  const query = useEntries('insulin-settings', 1);
  const latest = query.data?.items[0];
  const data = latest?.data as
    | { carb_ratio?: number; correction_factor?: number; target_glucose?: number }
    | undefined;
  const settings: InsulinSettings = {
    carbRatio: data?.carb_ratio ?? INSULIN_DEFAULTS.carbRatio,
    correctionFactor: data?.correction_factor ?? INSULIN_DEFAULTS.correctionFactor,
    targetGlucoseMgdl: data?.target_glucose ?? INSULIN_DEFAULTS.targetGlucoseMgdl,
  };
  const dosing: DosingSettings = dosingSettingsFrom(latest?.data);
  return { query, settings, dosing, savedAt: latest?.occurredAt ?? null };
}
