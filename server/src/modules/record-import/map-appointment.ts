import { APPOINTMENT_SPECIALTIES } from '@healthfolio/core';
import type { Appointment, AppointmentParticipant } from '@medplum/fhirtypes';
import { conceptText, floatingTimeOf, instantOf, nameOf, type ResourceIndex, resolve } from './fhir-values';
import type { PlannedItem } from './import-plan';

type Outcome = PlannedItem | { skip: string; what: string } | null;

const WHAT = 'Appointments';
const CANCELLED = new Set(['cancelled', 'noshow']);

/** The kind of whom a participant is: its reference's type, what it points at, or the type it names. */
const typeOf = (p: AppointmentParticipant, index: ResourceIndex, a: Appointment) =>
  p.actor?.type ??
  resolve(p.actor, index, a)?.resourceType ??
  p.actor?.reference?.match(/(?:^|\/)([A-Z][A-Za-z]+)\/[^/]+$/)?.[1] ??
  null;

const specialtyOf = (a: Appointment) => {
  const words = [...(a.serviceType ?? []), ...(a.specialty ?? [])].map((c) => conceptText(c)?.toLowerCase());
  return APPOINTMENT_SPECIALTIES.find((s) => words.includes(s.toLowerCase())) ?? null;
};

const clip = (v: string | null | undefined, max: number) => (v?.trim() ? v.trim().slice(0, max) : null);

/**
 * Appointment → an appointment of the Appointments page: the provider is the participant who is a
 * practitioner (or, without one, any participant who is not the person); the place is the Location
 * participant; a Healthfolio export's video link and place travel in its comment ("Where: …. Video:
 * …"). Cancelled and no-show appointments come in cancelled; one entered in error not at all.
 */
export const mapAppointment = (a: Appointment, index: ResourceIndex): Outcome => {
  if (a.status === 'entered-in-error') return null;
  // At the instant the file gives (its offset kept), or, without an offset, at its wall clock.
  const time = (v: string | undefined) => (v?.includes('T') ? (instantOf(v) ?? floatingTimeOf(v)) : null);
  const startsAt = time(a.start);
  if (!startsAt) return { what: WHAT, skip: 'An appointment without a start date and time.' };
  const people = (a.participant ?? [])
    .map((p) => ({ ...p, type: typeOf(p, index, a) }))
    .filter((p) => p.type !== 'Patient' && p.type !== 'RelatedPerson');
  const named = (type: string | null) =>
    people.filter((p) => p.type === type).map((p) => nameOf(p.actor, index, a))[0] ?? null;
  const provider =
    named('Practitioner') ??
    named('PractitionerRole') ??
    named('HealthcareService') ??
    people
      .filter((p) => p.type !== 'Location')
      .map((p) => nameOf(p.actor, index, a))
      .find(Boolean) ??
    null;
  if (!provider) return { what: WHAT, skip: 'An appointment without the name of whom it is with.' };
  const comment = a.comment ?? '';
  const video = comment.match(/Video: (https?:\/\/\S+?)(?:\.\s|\.?$)/)?.[1] ?? null;
  const where = comment.match(/^Where: (.+?)(?:\. Video: |$)/)?.[1] ?? null;
  const endsAt = time(a.end);
  return {
    kind: 'appointment',
    group: 'appointments',
    appointment: {
      provider: provider.slice(0, 200),
      specialty: specialtyOf(a),
      startsAt,
      endsAt,
      location: clip(named('Location') ?? where, 300),
      telehealthUrl: clip(video, 2000),
      reason: clip(
        a.description ??
          a.reasonCode
            ?.map((c) => conceptText(c))
            .filter(Boolean)
            .join(', '),
        1000,
      ),
      preparation: clip(a.patientInstruction, 2000),
      status: CANCELLED.has(a.status) ? 'cancelled' : 'scheduled',
    },
  };
};
