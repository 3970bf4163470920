/**
 * The name and dosage a dose was reminded with: a dose due before its schedule was changed keeps
 * them (`dose_name`, `dose_dosage`), others follow their schedule. The dose list and the record
 * export both read them here.
 */
export const doseWords = (metadata: Record<string, unknown>) => ({
  name: String(metadata.dose_name ?? metadata.medication_name ?? ''),
  dosage: String(metadata.dose_dosage ?? metadata.dosage ?? ''),
});
