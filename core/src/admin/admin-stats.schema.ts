import { z } from 'zod';

const count = z.number().int();

/** A figure the console cannot measure on this instance yet, and what it would take. */
export const UnavailableFigure = z.object({ figure: z.string(), note: z.string() });

export const SystemHealth = z.object({
  status: z.enum(['operational', 'issues']),
  checks: z.array(
    z.object({
      name: z.string(),
      ok: z.boolean(),
      detail: z.string(),
      /** When the fault began (ISO): the console shows it in the admin's own zone after the detail. */
      since: z.string().optional(),
    }),
  ),
});
export type SystemHealth = z.infer<typeof SystemHealth>;

export const AdminDashboardResponse = z.object({
  /** Accounts: who can sign in (people kept by guardians are not counted). */
  totalUsers: count,
  /** People with a record: every account, and every person kept by guardians (households). */
  totalPeople: count,
  signupsLast7Days: count,
  /** Accounts with a sign-in or session activity in the last 30 days. */
  activeUsersLast30Days: count,
  pendingApproval: count,
  notificationsSent: count,
  trackerEntries: count,
  glucoseReadings: count,
  /** Filled once the sharing area is installed; null until then (see `unavailable`). */
  shares: z.object({ active: count, total: count }).nullable(),
  /** Filled once the documents area is installed; null until then (see `unavailable`). */
  documents: z.object({ count, storageBytes: count }).nullable(),
  databaseBytes: count,
  health: SystemHealth,
  maintenance: z.boolean(),
  registrationOpen: z.boolean(),
  unavailable: z.array(UnavailableFigure),
});
export type AdminDashboardResponse = z.infer<typeof AdminDashboardResponse>;

export const DayCount = z.object({ day: z.string(), count });

export const AdminAnalyticsResponse = z.object({
  days: count,
  dailySignups: z.array(DayCount),
  dailyActiveUsers: z.array(DayCount),
  /** Tracker keys; glucose readings split by `source` (a sensor or an import; absent when typed in). */
  entriesPerTracker: z.array(
    z.object({ tracker: z.string(), source: z.enum(['sensor', 'import']).optional(), count }),
  ),
  /** Audit events of the last 30 days by what they touched. */
  featureUse: z.array(z.object({ feature: z.string(), events: count, users: count })),
  /** Sessions of the last 30 days by the kind of device in their user agent. */
  devices: z.array(z.object({ kind: z.string(), sessions: count })),
  requests: z.object({
    /** This server process's own measurements over the window (not other processes'). */
    windowMinutes: count,
    since: z.string(),
    count,
    p50Ms: z.number().nullable(),
    p95Ms: z.number().nullable(),
    p99Ms: z.number().nullable(),
    errorRate: z.number().nullable(),
  }),
  unavailable: z.array(UnavailableFigure),
});
export type AdminAnalyticsResponse = z.infer<typeof AdminAnalyticsResponse>;

export const AdminDataResponse = z.object({
  tables: z.array(z.object({ table: z.string(), area: z.string(), rows: count, bytes: count })),
  areas: z.array(z.object({ area: z.string(), bytes: count })),
  databaseBytes: count,
  database: z.enum(['pglite', 'postgres']),
  unavailable: z.array(UnavailableFigure),
});
export type AdminDataResponse = z.infer<typeof AdminDataResponse>;

export const AUDIT_WINDOWS = { '24h': 24, '7d': 168, '30d': 720 } as const;
export type AuditWindow = keyof typeof AUDIT_WINDOWS;
export const ADMIN_AUDIT_MAX = 1000;

export const AdminAuditQuery = z.object({
  window: z.enum(['24h', '7d', '30d'], { error: 'The window must be 24h, 7d or 30d' }).default('24h'),
  /** Name, email, action, resource type (its stored name or its words) or user id, case-insensitive. */
  q: z.string().trim().max(100, 'The search must be at most 100 characters').optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_AUDIT_MAX).default(ADMIN_AUDIT_MAX),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'Not a valid cursor')
    .optional(),
});
export type AdminAuditQuery = z.infer<typeof AdminAuditQuery>;

export const AdminAuditEvent = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid().nullable(),
  action: z.string(),
  resourceType: z.string().nullable(),
  resourceId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  /** What happened, in words, with the people named ("Sam Admin changed Pat’s role from User to Moderator"). */
  summary: z.string(),
  /** A second line in words (changed fields, who acted for the person), or null. */
  detail: z.string().nullable(),
  /** The browser and system by name ("Chrome on Linux"), or null when none was recorded. */
  device: z.string().nullable(),
  /** Whose log this row is in: name, and email when they have a sign-in; null for the system. */
  person: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
});
export type AdminAuditEvent = z.infer<typeof AdminAuditEvent>;

export const AdminAuditResponse = z.object({
  items: z.array(AdminAuditEvent),
  nextCursor: z.string().nullable(),
});
export type AdminAuditResponse = z.infer<typeof AdminAuditResponse>;

/** The kind of device a User-Agent string names (the console's device mix). */
export const deviceKind = (
  userAgent: string | null | undefined,
): 'mobile' | 'tablet' | 'desktop' | 'unknown' => {
  if (!userAgent) return 'unknown';
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent)) return 'mobile';
  if (/Windows NT|Macintosh|X11|Linux|CrOS/i.test(userAgent)) return 'desktop';
  return 'unknown';
};
