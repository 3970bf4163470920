import { describe, expect, it } from 'vitest';
import { patientReference } from './context';
import { doseAdministration } from './medications';

const ctx = {
  userId: 'u1',
  glucoseUnit: 'mg/dL' as const,
  timeZone: 'UTC',
  patient: patientReference('u1'),
  codeSystem: 'https://example.test/fhir/CodeSystem/healthfolio',
};

describe('a dose in the export', () => {
  it('names the medicine and dosage the dose was reminded with, also after its schedule was changed', () => {
    const dose = doseAdministration(
      {
        id: 'd1',
        dueDate: new Date('2026-11-20T08:00:00Z'),
        isCompleted: true,
        metadata: {
          schedule_id: 's1',
          medication_name: 'Lisinopril',
          dosage: '20 mg',
          dose_name: 'Lisinopril',
          dose_dosage: '10 mg',
        },
      },
      ctx,
    );
    expect(dose.dosage?.text).toBe('10 mg');
    expect(dose.medicationCodeableConcept?.text).toBe('Lisinopril');
    const unchanged = doseAdministration(
      {
        id: 'd2',
        dueDate: new Date(),
        isCompleted: false,
        metadata: { medication_name: 'Metformin', dosage: '500 mg' },
      },
      ctx,
    );
    expect(unchanged.medicationCodeableConcept?.text).toBe('Metformin');
    expect(unchanged.dosage?.text).toBe('500 mg');
  });
});
