import { z } from 'zod';
import { NO_CONTROL_CHARACTERS, TEXT_CONTROL_MESSAGE } from '../http/text';
import { NotificationPriority, USER_NOTIFICATION_TYPES } from '../notifications/notification.schema';
import { REQUIRED_FIELDS_MESSAGE } from '../notifications/notification-tabs';

const required = (max: number) =>
  z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .regex(NO_CONTROL_CHARACTERS, TEXT_CONTROL_MESSAGE)
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(max, `At most ${max} characters`);
const optional = (max: number) =>
  z
    .string()
    .regex(NO_CONTROL_CHARACTERS, TEXT_CONTROL_MESSAGE)
    .trim()
    .max(max, `At most ${max} characters`)
    .optional();

export const ADMIN_MESSAGE_RECIPIENTS_MAX = 1000;

/** An in-app message (spec §2 Communication): no recipients = every active account. */
export const AdminMessageRequest = z
  .object({
    userIds: z.array(z.string().uuid()).max(ADMIN_MESSAGE_RECIPIENTS_MAX).default([]),
    title: required(200),
    content: required(5000),
    type: z.enum(USER_NOTIFICATION_TYPES).default('notification'),
    priority: NotificationPriority.default('medium'),
  })
  .strict();
export type AdminMessageRequest = z.infer<typeof AdminMessageRequest>;

export const AdminMessageResponse = z.object({ sent: z.number().int() });
export type AdminMessageResponse = z.infer<typeof AdminMessageResponse>;

/** The four quick templates of the spec. */
export const MESSAGE_TEMPLATES = [
  {
    name: 'Welcome',
    type: 'notification',
    priority: 'medium',
    title: 'Welcome to Healthfolio',
    content: 'Welcome! Start by logging your first entry, and explore the trackers that matter to you.',
  },
  {
    name: 'System maintenance notice',
    type: 'notification',
    priority: 'high',
    title: 'Scheduled maintenance',
    content: 'Healthfolio will be briefly unavailable for scheduled maintenance. Your data is safe.',
  },
  {
    name: 'Data backup reminder',
    type: 'reminder',
    priority: 'medium',
    title: 'Back up your health records',
    content: 'A reminder to export a copy of your health records and keep it somewhere safe.',
  },
  {
    name: 'Security alert',
    type: 'note',
    priority: 'urgent',
    title: 'Security notice',
    content: 'Please review your sign-in methods and turn on two-factor authentication in Settings.',
  },
] as const;

export const EMAIL_TYPES = [
  'medication_reminder',
  'health_alert',
  'weekly_summary',
  'caregiver_alert',
  'appointment_reminder',
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

const recipient = {
  recipientEmail: z
    .string({ error: 'Enter the recipient’s email' })
    .trim()
    .email('Enter a valid email address')
    .max(254),
  recipientName: optional(200),
};

/** The email sender's five types with their fields, exactly as the spec's §2 Communication. */
export const AdminEmailRequest = z.discriminatedUnion(
  'type',
  [
    z
      .object({
        type: z.literal('medication_reminder'),
        ...recipient,
        data: z
          .object({
            medicationName: required(200),
            dosage: required(100),
            scheduledTime: required(100),
            instructions: optional(1000),
          })
          .strict(),
      })
      .strict(),
    z
      .object({
        type: z.literal('health_alert'),
        ...recipient,
        data: z.object({ title: required(200), message: required(5000), readings: optional(1000) }).strict(),
      })
      .strict(),
    z
      .object({ type: z.literal('weekly_summary'), ...recipient, data: z.object({}).strict().default({}) })
      .strict(),
    z
      .object({
        type: z.literal('caregiver_alert'),
        ...recipient,
        data: z
          .object({ patientName: required(200), message: required(5000), details: optional(2000) })
          .strict(),
      })
      .strict(),
    z
      .object({
        type: z.literal('appointment_reminder'),
        ...recipient,
        data: z
          .object({
            appointmentType: required(200),
            dateTime: required(100),
            doctorName: optional(200),
            location: optional(300),
          })
          .strict(),
      })
      .strict(),
  ],
  { error: 'Choose an email type' },
);
export type AdminEmailRequest = z.infer<typeof AdminEmailRequest>;

export const AdminEmailResponse = z.object({
  success: z.boolean(),
  /** sent: handed to the SMTP server; outbox: no mail server configured, kept in the outbox. */
  delivery: z.enum(['sent', 'outbox']),
  mailId: z.string().uuid(),
});
export type AdminEmailResponse = z.infer<typeof AdminEmailResponse>;

export const MailOutboxResponse = z.object({
  mode: z.enum(['smtp', 'outbox']),
  items: z.array(
    z.object({
      id: z.string().uuid(),
      to: z.string(),
      subject: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type MailOutboxResponse = z.infer<typeof MailOutboxResponse>;
