import { CHOOSE_PATIENT, LibreLinkUpPatient } from '@healthfolio/core/devices/vendor-pulls.schema';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api';

/** The people a LibreLinkUp account follows, when connecting answered that one must be chosen; else null. */
export const patientsToChoose = (e: unknown): LibreLinkUpPatient[] | null => {
  if (!(e instanceof ApiError) || e.code !== CHOOSE_PATIENT) return null;
  const parsed = LibreLinkUpPatient.array().min(2).safeParse(e.problem.patients);
  return parsed.success ? parsed.data : null;
};

const nameOf = (p: LibreLinkUpPatient) =>
  [p.firstName, p.lastInitial && `${p.lastInitial}.`].filter(Boolean).join(' ') || 'Someone unnamed';

/** "Which person's readings?": one radio button per followed person (arrow keys move between them). */
export function PatientChoice({
  patients,
  field,
  error,
}: {
  patients: LibreLinkUpPatient[];
  field: UseFormRegisterReturn<'patientId'>;
  error?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'llu-patient-error' : undefined}>
      <legend className="mb-1 text-sm font-medium">Which person’s readings?</legend>
      <p className="text-xs text-muted-foreground">
        This LibreLinkUp account follows more than one person. Choose whose readings belong in this record.
      </p>
      {patients.map((p) => (
        <label
          key={p.patientId}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 has-[:checked]:border-primary"
        >
          <input type="radio" value={p.patientId} className="size-4 accent-primary" {...field} />
          <span>{nameOf(p)}</span>
        </label>
      ))}
      {error && (
        <p id="llu-patient-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
