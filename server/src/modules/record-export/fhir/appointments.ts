import type { Appointment } from '@medplum/fhirtypes';
import { type ExportContext, instant } from './context';

export interface AppointmentRow {
  id: string;
  provider: string;
  specialty: string | null;
  startsAt: Date;
  endsAt: Date | null;
  location: string | null;
  telehealthUrl: string | null;
  reason: string | null;
  preparation: string | null;
  status: string;
}

/**
 * An appointment: booked or cancelled; the person, the provider and the place as its participants
 * (each with its type, so an import tells them apart); a video link in the comment, as R4 has no
 * field for one.
 */
export const appointmentResource = (a: AppointmentRow, ctx: ExportContext): Appointment & { id: string } => ({
  resourceType: 'Appointment',
  id: a.id,
  status: a.status === 'cancelled' ? 'cancelled' : 'booked',
  ...(a.specialty ? { serviceType: [{ text: a.specialty }] } : {}),
  ...(a.reason ? { description: a.reason } : {}),
  start: instant(a.startsAt),
  ...(a.endsAt ? { end: instant(a.endsAt) } : {}),
  ...(a.preparation ? { patientInstruction: a.preparation } : {}),
  ...(a.telehealthUrl ? { comment: `Video: ${a.telehealthUrl}` } : {}),
  participant: [
    { actor: { ...ctx.patient, type: 'Patient' as const }, status: 'accepted' },
    { actor: { type: 'Practitioner' as const, display: a.provider }, status: 'accepted' },
    ...(a.location
      ? [{ actor: { type: 'Location' as const, display: a.location }, status: 'accepted' as const }]
      : []),
  ],
});
