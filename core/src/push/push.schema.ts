import { z } from 'zod';
import { QuietHours } from './quiet-hours';

/**
 * What a device can be alerted about; each is a switch per device (Settings → Notifications).
 * `glucose_alarm` is for the alarms judged on the server (modules/alarms).
 */
export const PUSH_KINDS = [
  'glucose_alarm',
  'hypo_follow_up',
  'caregiver_alert',
  'medication_reminder',
  'appointment_reminder',
  'reminder',
] as const;
export const PushKind = z.enum(PUSH_KINDS);
export type PushKind = z.infer<typeof PushKind>;

/** The words Settings shows for each switch. */
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  glucose_alarm: 'Glucose alarms',
  hypo_follow_up: 'Low-glucose follow-up',
  caregiver_alert: 'Alerts about people you care for',
  medication_reminder: 'Medication reminders',
  appointment_reminder: 'Appointment reminders',
  reminder: 'Your other reminders',
};

export const PushKindSwitches = z.strictObject(
  Object.fromEntries(PUSH_KINDS.map((k) => [k, z.boolean()])) as Record<PushKind, z.ZodBoolean>,
);
export type PushKindSwitches = z.infer<typeof PushKindSwitches>;

export const ALL_PUSH_KINDS_ON: PushKindSwitches = Object.fromEntries(
  PUSH_KINDS.map((k) => [k, true]),
) as PushKindSwitches;

/** A browser's PushSubscription as `toJSON()` gives it, plus what the person calls this device. */
export const PushSubscribeRequest = z.strictObject({
  endpoint: z
    .string()
    .max(2000)
    .url()
    .refine((u) => u.startsWith('https://'), 'The push address must start with https://'),
  keys: z.object({
    // base64url: a P-256 public key (65 bytes) and a 16-byte secret.
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'Not a push key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, 'Not a push secret'),
  }),
  deviceLabel: z.string().trim().min(1).max(100).optional(),
});
export type PushSubscribeRequest = z.infer<typeof PushSubscribeRequest>;

export const PushSubscriptionUpdateRequest = z.strictObject({
  kinds: PushKindSwitches.partial().optional(),
  showValues: z.boolean().optional(),
  deviceLabel: z.string().trim().min(1).max(100).optional(),
  /** null turns quiet hours off. */
  quietHours: QuietHours.nullable().optional(),
});
export type PushSubscriptionUpdateRequest = z.infer<typeof PushSubscriptionUpdateRequest>;

export const PushSubscriptionResponse = z.object({
  id: z.string().uuid(),
  deviceLabel: z.string(),
  /** The push address this device gave, so a page can tell which row is its own. */
  endpoint: z.string(),
  kinds: PushKindSwitches,
  showValues: z.boolean(),
  quietHours: QuietHours.nullable(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});
export type PushSubscriptionResponse = z.infer<typeof PushSubscriptionResponse>;

export const PushSubscriptionListResponse = z.object({
  /** The server's VAPID public key (base64url), the browser's `applicationServerKey`. */
  publicKey: z.string(),
  items: z.array(PushSubscriptionResponse),
});
export type PushSubscriptionListResponse = z.infer<typeof PushSubscriptionListResponse>;

export const PushTestResponse = z.object({ delivered: z.boolean() });
export type PushTestResponse = z.infer<typeof PushTestResponse>;

/** What the service worker receives: what a lock screen may show and the page a tap opens. */
export const PushPayload = z.object({
  kind: PushKind,
  title: z.string(),
  body: z.string(),
  url: z.string(),
  urgent: z.boolean(),
  tag: z.string().optional(),
  /** Replaces the notice of the same tag without a sound (an alarm snoozed on another device). */
  silent: z.boolean().optional(),
});
export type PushPayload = z.infer<typeof PushPayload>;
