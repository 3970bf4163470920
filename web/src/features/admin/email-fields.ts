import type { EmailType } from '@healthfolio/core';

/** The spec's fields per email type (§2 Communication); weekly summary has none. */
export const EMAIL_FIELDS: Record<
  EmailType,
  { name: string; label: string; required: boolean; type?: string }[]
> = {
  medication_reminder: [
    { name: 'medicationName', label: 'Medication name', required: true },
    { name: 'dosage', label: 'Dosage', required: true },
    { name: 'scheduledTime', label: 'Scheduled time', required: true, type: 'time' },
    { name: 'instructions', label: 'Instructions (optional)', required: false },
  ],
  health_alert: [
    { name: 'title', label: 'Alert title', required: true },
    { name: 'message', label: 'Message', required: true },
    { name: 'readings', label: 'Readings (optional)', required: false },
  ],
  weekly_summary: [],
  caregiver_alert: [
    { name: 'patientName', label: 'Patient name', required: true },
    { name: 'message', label: 'Message', required: true },
    { name: 'details', label: 'Details (optional)', required: false },
  ],
  appointment_reminder: [
    { name: 'appointmentType', label: 'Appointment type', required: true },
    { name: 'dateTime', label: 'Date and time', required: true, type: 'datetime-local' },
    { name: 'doctorName', label: 'Doctor name (optional)', required: false },
    { name: 'location', label: 'Location (optional)', required: false },
  ],
};

export const EMAIL_TYPE_LABELS: Record<EmailType, string> = {
  medication_reminder: 'Medication reminder',
  health_alert: 'Health alert',
  weekly_summary: 'Weekly summary',
  caregiver_alert: 'Caregiver alert',
  appointment_reminder: 'Appointment reminder',
};
