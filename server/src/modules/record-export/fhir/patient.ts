import type { Patient } from '@medplum/fhirtypes';

export interface PatientRow {
  userId: string;
  displayName: string;
  dateOfBirth: string | null;
}

/** The person: the name they go by and, for a household's person, the date of birth (no sex is kept). */
export const patientResource = (p: PatientRow): Patient & { id: string } => ({
  resourceType: 'Patient',
  id: p.userId,
  name: [{ text: p.displayName }],
  ...(p.dateOfBirth ? { birthDate: p.dateOfBirth } : {}),
});
