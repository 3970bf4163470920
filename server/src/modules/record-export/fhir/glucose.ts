import { type GlucoseUnit, mgdlToMmol } from '@healthfolio/core';
import type { Observation } from '@medplum/fhirtypes';
import { CODES, category, coded, quantity } from './codes';
import { type ExportContext, instant } from './context';

export interface GlucoseRow {
  id: string;
  valueMgdl: number;
  recordedAt: Date;
  source: string;
  mealContext: string | null;
  notes: string | null;
}

/** Readings a person took (by hand or from a meter) are blood; the rest came from a sensor. */
export const isFingerstick = (source: string) => source === 'manual' || source === 'meter';

const METHOD: Record<string, string> = {
  manual: 'Typed in by the person',
  meter: 'Blood glucose meter',
  cgm: 'Continuous glucose monitor',
};

/** Where the reading came from, in words (`import:libreview` → "Imported (libreview)"). */
const methodText = (source: string) => {
  const [kind, from] = source.split(':');
  return METHOD[source] ?? `${kind === 'import' ? 'Imported' : 'Device'} (${from})`;
};

/** Blood readings in the person's unit: 2339-0 in mg/dL, or 15074-8 in mmol/L (unrounded). */
const bloodValue = (mgdl: number, unit: GlucoseUnit) =>
  unit === 'mmol/L'
    ? { code: coded(CODES.glucoseMolesBlood), valueQuantity: quantity(mgdlToMmol(mgdl), 'mmol/L') }
    : { code: coded(CODES.glucoseMassBlood), valueQuantity: quantity(mgdl, 'mg/dL') };

/**
 * One glucose reading: a fingerstick as blood glucose, a sensor reading as interstitial glucose
 * (99504-3, mg/dL as stored); the source goes in `method` and, for devices, in `device`.
 */
export const glucoseObservation = (row: GlucoseRow, ctx: ExportContext): Observation & { id: string } => {
  const blood = isFingerstick(row.source);
  const value = blood
    ? bloodValue(row.valueMgdl, ctx.glucoseUnit)
    : { code: coded(CODES.glucoseInterstitial), valueQuantity: quantity(row.valueMgdl, 'mg/dL') };
  return {
    resourceType: 'Observation',
    id: row.id,
    status: 'final',
    category: category('laboratory'),
    ...value,
    subject: ctx.patient,
    effectiveDateTime: instant(row.recordedAt),
    method: { text: methodText(row.source) },
    ...(row.source === 'manual' ? {} : { device: { display: methodText(row.source) } }),
    ...(row.notes || row.mealContext
      ? {
          note: [
            { text: [row.mealContext && `Timing: ${row.mealContext}`, row.notes].filter(Boolean).join('. ') },
          ],
        }
      : {}),
  };
};
