import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_REQUIRED_MESSAGE,
  AppointmentCreateRequest,
  AppointmentUpdateRequest,
} from './appointment.schema';

const issues = (body: unknown) =>
  AppointmentCreateRequest.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ??
  [];

describe('AppointmentCreateRequest', () => {
  it('needs provider, date and start time, with the dialog’s message', () => {
    expect(issues({})).toEqual([
      `provider: ${APPOINTMENT_REQUIRED_MESSAGE}`,
      `date: ${APPOINTMENT_REQUIRED_MESSAGE}`,
      `startTime: ${APPOINTMENT_REQUIRED_MESSAGE}`,
    ]);
    expect(issues({ provider: ' ', date: '', startTime: '' })).toHaveLength(3);
  });

  it('accepts a full appointment and reads empty optional fields as not given', () => {
    const a = AppointmentCreateRequest.parse({
      provider: 'Dr. Chen',
      specialty: 'Endocrinology',
      date: '2025-07-01',
      startTime: '09:00',
      endTime: '09:30',
      location: '',
      telehealthUrl: 'https://meet.example.com/abc',
      reason: 'A1C review',
      preparation: '',
    });
    expect(a).toMatchObject({ specialty: 'Endocrinology', location: null, preparation: null });
  });

  it('refuses an end before the start, other specialties and non-web telehealth links', () => {
    const base = { provider: 'Dr. Chen', date: '2025-07-01', startTime: '09:00' };
    expect(issues({ ...base, endTime: '09:00' })).toEqual([
      'endTime: The end time must be after the start time',
    ]);
    expect(issues({ ...base, specialty: 'Dentistry' })).toHaveLength(1);
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x.example', 'not a url'])
      expect(issues({ ...base, telehealthUrl: url })).toEqual([
        'telehealthUrl: Enter a web address starting with http:// or https://',
      ]);
    expect(issues({ ...base, telehealthUrl: 'http://clinic.example/visit' })).toEqual([]);
  });

  it('an edit needs at least one field', () => {
    expect(AppointmentUpdateRequest.safeParse({}).success).toBe(false);
    expect(AppointmentUpdateRequest.safeParse({ location: 'Room 4' }).success).toBe(true);
  });
});
