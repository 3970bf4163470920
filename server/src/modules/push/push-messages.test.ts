import { describe, expect, it } from 'vitest';
import { caregiverPush, followUpPush, reminderPush } from './push-messages';

const due = (metadata: Record<string, unknown>) => ({
  id: 'r1',
  user_id: 'u1',
  title: 'Metformin 500 mg',
  content: 'Take 1 tablet of Metformin',
  metadata,
});

describe('what a push says', () => {
  it('files each reminder under its switch, with its own words only as the value', () => {
    const medication = reminderPush(due({ medication_name: 'Metformin' }));
    expect(medication).toMatchObject({ kind: 'medication_reminder', body: 'A medication dose is due.' });
    expect(`${medication.title} ${medication.body}`).not.toMatch(/Metformin|500/);
    expect(medication.withValue).toEqual({ title: 'Metformin 500 mg', body: 'Take 1 tablet of Metformin' });
    expect(reminderPush(due({ appointment_id: 'a1' }))).toMatchObject({
      kind: 'appointment_reminder',
      url: '/dashboard/appointments',
    });
    expect(reminderPush(due({})).kind).toBe('reminder');
  });

  it('keeps glucose values to the value text of follow-up steps and caregiver alerts', () => {
    const message = {
      title: 'Low glucose not resolved',
      content: 'Your glucose was 48 mg/dL (Urgent low) at 9:05 PM.',
    };
    const escalated = followUpPush('u1', 'f1', 'escalated', message);
    expect(escalated).toMatchObject({ kind: 'hypo_follow_up', urgent: true, tag: 'hypo-f1' });
    expect(`${escalated.title} ${escalated.body}`).not.toMatch(/48/);
    expect(followUpPush('u1', 'f1', 'recheck', message).urgent).toBe(false);
    const caregiver = caregiverPush('c1', 'Alice', 'f1', message);
    expect(caregiver).toMatchObject({ userId: 'c1', title: 'Urgent low: Alice', urgent: true });
    expect(caregiver.body).not.toMatch(/48/);
    expect(caregiver.withValue?.body).toMatch(/48 mg\/dL/);
  });
});
