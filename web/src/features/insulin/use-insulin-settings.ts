import { type SavedInsulinSettings, savedInsulinSettings } from '@healthfolio/core/glucose/dosing-guards';
import { useEntries } from '@/features/diabetes/glucose-api';

/** The latest Insulin Settings entry's data as stored (snake_case), complete or not. */
export type StoredInsulinSettings = Partial<{
  carb_ratio: number;
  correction_factor: number;
  target_glucose: number;
  insulin_curve: string;
  dia_hours: number;
  max_single_dose: number;
  /** Brought back by a record import: not in force until the user saves the settings again. */
  needs_review: true;
}>;

/**
 * The latest Insulin Settings entry is in force. `saved` is null until the user saved every setting a
 * dose needs: no dose is suggested from defaults nobody confirmed (DESIGN §10).
 */
export function useInsulinSettings() {
  const query = useEntries('insulin-settings', 1);
  const latest = query.data?.items[0];
  const stored = (latest?.data ?? null) as StoredInsulinSettings | null;
  const saved: SavedInsulinSettings | null = savedInsulinSettings(latest?.data);
  return { query, saved, stored, savedAt: latest?.occurredAt ?? null };
}
