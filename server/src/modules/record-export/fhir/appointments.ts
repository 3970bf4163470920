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

/** An appointment: booked or cancelled, the provider and the person as its participants. */
export const appointmentResource = (a: AppointmentRow, ctx: ExportContext): Appointment & { id: string } => ({
  resourceType: 'Appointment',
  id: a.id,
  status: a.status === 'cancelled' ? 'cancelled' : 'booked',
  ...(a.specialty ? { serviceType: [{ text: a.specialty }] } : {}),
  ...(a.reason ? { description: a.reason } : {}),
  start: instant(a.startsAt),
  ...(a.endsAt ? { end: instant(a.endsAt) } : {}),
  ...(a.preparation ? { patientInstruction: a.preparation } : {}),
  ...(a.location || a.telehealthUrl
    ? {
        comment: [a.location && `Where: ${a.location}`, a.telehealthUrl && `Video: ${a.telehealthUrl}`]
          .filter(Boolean)
          .join('. '),
      }
    : {}),
  participant: [
    { actor: ctx.patient, status: 'accepted' },
    { actor: { display: a.provider }, status: 'accepted' },
  ],
});
