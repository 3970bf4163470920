import { z } from 'zod';

/** What the audit log records: an action on a kind of resource, never the health values involved. */
export const AUDIT_ACTIONS = [
  'sign_up',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'password_reset',
  'password_change',
  'assign_role',
  'access_denied',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_failed',
  'backup_code_used',
  'second_factor_confirmed',
  'backup_codes_regenerated',
  'passkey_added',
  'passkey_removed',
  'create',
  'read',
  'update',
  'delete',
  'import',
  'use',
  'revoke',
  'escalate',
  // Admin console (spec §6): each admin action, with the server's view of IP and user agent.
  'update_setting',
  'send_message',
  'send_email',
  'revoke_share',
  'disable_user',
  'enable_user',
  'approve_user',
  'delete_user',
  'export_audit',
  'export_users',
  'export_data',
  'create_backup',
  'download_backup',
  'delete_backup',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_RESOURCE_TYPES = [
  'user',
  'session',
  'admin',
  'passkey',
  'entry',
  'glucose_reading',
  'notification',
  'appointment',
  'lab_result',
  'medication',
  'medication_dose',
  'custom_food',
  'calendar_feed',
  'profile',
  'hypo_follow_up',
  'hypo_settings',
  'glucose_alarm',
  'glucose_alarm_settings',
  'insurance_plan',
  'insurance_claim',
  'bill',
  'bill_payment',
  'insurance_settings',
  'shared_access',
  'document',
  'platform_setting',
  'message',
  'email',
  'audit_log',
  'ns_upload_credential',
  'ns_follower_token',
  'ns_devicestatus',
  'ns_profile',
  'glucose_targets',
  'nightscout_source',
  'vendor_pull_source',
  'device_connection',
  'backup',
  'visit_packet',
  'push_subscription',
  'person',
  'guardianship',
  'household_invitation',
  'record_export',
  'health_system',
  'health_system_connection',
] as const;
export type AuditResourceType = (typeof AUDIT_RESOURCE_TYPES)[number];

export const AUDIT_PAGE_MAX = 100;

export const AuditListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(25),
  /** The `nextCursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'Not a valid cursor')
    .optional(),
});
export type AuditListQuery = z.infer<typeof AuditListQuery>;

export const AuditEventResponse = z.object({
  id: z.string().uuid(),
  action: z.string(),
  resourceType: z.string().nullable(),
  resourceId: z.string().nullable(),
  /** Non-health details only: counts, changed field names, the source of an import. */
  details: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  /** What happened, as a sentence for the account-activity screen ("You added a bill payment"). */
  summary: z.string(),
  /** A second line in words (changed fields, wrong tries so far), or null. */
  detail: z.string().nullable(),
  /** The browser and system by name ("Chrome on Linux"), or null when no user agent was recorded. */
  device: z.string().nullable(),
  /** Where the request came from, when the server knows without a lookup (a local network), else null. */
  place: z.string().nullable(),
  /**
   * The account that acted when it was not the person whose record this is (a guardian: "by Sam"),
   * else null (the person themselves, or the system).
   */
  actor: z.object({ id: z.string().uuid(), displayName: z.string() }).nullable(),
});
export type AuditEventResponse = z.infer<typeof AuditEventResponse>;

export const AuditListResponse = z.object({
  items: z.array(AuditEventResponse),
  nextCursor: z.string().nullable(),
});
export type AuditListResponse = z.infer<typeof AuditListResponse>;
