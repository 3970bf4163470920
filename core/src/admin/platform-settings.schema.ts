import { z } from 'zod';

/** The spec's categories (§2 Settings), in the order the console shows them. */
export const SETTING_CATEGORIES = [
  'security',
  'storage',
  'notifications',
  'user_management',
  'other',
] as const;
export type SettingCategory = (typeof SETTING_CATEGORIES)[number];

const int = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`);

export const MaintenanceModeValue = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    message: z
      .string({ error: 'The message must be text' })
      .trim()
      .min(1, 'Enter the message users see during maintenance')
      .max(500, 'The message must be at most 500 characters'),
  })
  .strict();

const MAX_FILE_MB = 2048;
export const MaxFileSizeValue = z
  .discriminatedUnion(
    'unit',
    [
      z.object({ unit: z.literal('MB'), value: int('The size', 1, MAX_FILE_MB) }).strict(),
      z.object({ unit: z.literal('GB'), value: int('The size', 1, MAX_FILE_MB / 1024) }).strict(),
    ],
    { error: 'The unit must be MB or GB' },
  )
  .describe('Largest upload accepted (1 MB to 2 GB)');

const SECONDS = { minutes: 60, hours: 3600, days: 86_400 } as const;
const MIN_TIMEOUT_S = 5 * 60;
const MAX_TIMEOUT_S = 30 * 86_400;
export const SessionTimeoutValue = z
  .object({
    value: int('The timeout', 1, 43_200),
    unit: z.enum(['minutes', 'hours', 'days'], { error: 'The unit must be minutes, hours or days' }),
  })
  .strict()
  .refine((v) => v.value * SECONDS[v.unit] >= MIN_TIMEOUT_S, {
    message: 'The session timeout must be at least 5 minutes',
    path: ['value'],
  })
  .refine((v) => v.value * SECONDS[v.unit] <= MAX_TIMEOUT_S, {
    message: 'The session timeout must be at most 30 days',
    path: ['value'],
  });

export const EmailNotificationsValue = z
  .object({ enabled: z.boolean({ error: 'enabled must be true or false' }) })
  .strict();

export const UserRegistrationValue = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    require_approval: z.boolean({ error: 'require_approval must be true or false' }),
  })
  .strict();

/** What the public landing page may say about this instance (nothing is shown that is not true). */
export const LandingPageValue = z
  .object({
    show_usage_figures: z.boolean({ error: 'show_usage_figures must be true or false' }),
  })
  .strict();

export const PlatformSettingsValues = z.object({
  maintenance_mode: MaintenanceModeValue,
  max_file_size: MaxFileSizeValue,
  session_timeout: SessionTimeoutValue,
  email_notifications: EmailNotificationsValue,
  user_registration: UserRegistrationValue,
  landing_page: LandingPageValue,
});
export type PlatformSettingsValues = z.infer<typeof PlatformSettingsValues>;
export type SettingKey = keyof PlatformSettingsValues;
export const SETTING_KEYS = Object.keys(PlatformSettingsValues.shape) as SettingKey[];
export const SettingKey = z.enum(SETTING_KEYS as [SettingKey, ...SettingKey[]], {
  error: 'Not a known setting',
});

/** The documented defaults (docs/operations.md, "Platform settings"); "Reset to Defaults" restores them. */
export const SETTING_DEFINITIONS: {
  [K in SettingKey]: { category: SettingCategory; description: string; default: PlatformSettingsValues[K] };
} = {
  maintenance_mode: {
    category: 'other',
    description: 'While on, everyone but admins sees the message instead of the app',
    default: { enabled: false, message: 'Healthfolio is down for maintenance. Please check back soon.' },
  },
  max_file_size: {
    category: 'storage',
    description: 'Largest document upload accepted',
    default: { value: 10, unit: 'MB' },
  },
  session_timeout: {
    category: 'security',
    description: 'A session ends after this long without activity',
    // The server uses SESSION_IDLE_MINUTES instead while no admin has changed this setting.
    default: { value: 30, unit: 'minutes' },
  },
  email_notifications: {
    category: 'notifications',
    description: 'Send non-essential email (reminders, admin messages); account email is always sent',
    default: { enabled: true },
  },
  user_registration: {
    category: 'user_management',
    description: 'Whether new people can sign up, and whether an admin must approve them first',
    default: { enabled: true, require_approval: false },
  },
  landing_page: {
    category: 'other',
    description: 'Show this instance’s real usage figures (accounts, entries) on the public landing page',
    default: { show_usage_figures: false },
  },
};

export const defaultPlatformSettings = (): PlatformSettingsValues =>
  Object.fromEntries(
    SETTING_KEYS.map((k) => [k, structuredClone(SETTING_DEFINITIONS[k].default)]),
  ) as PlatformSettingsValues;

/** Validates a value for a key; the issues carry paths under `value`. */
export const parseSettingValue = <K extends SettingKey>(key: K, value: unknown) =>
  (PlatformSettingsValues.shape[key] as unknown as z.ZodType<PlatformSettingsValues[K]>).safeParse(value);

export const sessionTimeoutSeconds = (v: PlatformSettingsValues['session_timeout']) =>
  v.value * SECONDS[v.unit];
export const maxFileSizeBytes = (v: PlatformSettingsValues['max_file_size']) =>
  v.value * (v.unit === 'GB' ? 1024 ** 3 : 1024 ** 2);

export const SettingUpdateRequest = z.object({ value: z.unknown() }).strict();
export type SettingUpdateRequest = z.infer<typeof SettingUpdateRequest>;

export const PlatformSettingResponse = z.object({
  key: SettingKey,
  value: z.record(z.string(), z.unknown()),
  category: z.enum(SETTING_CATEGORIES),
  description: z.string(),
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().uuid().nullable(),
});
export type PlatformSettingResponse = z.infer<typeof PlatformSettingResponse>;

export const PlatformSettingsResponse = z.object({ items: z.array(PlatformSettingResponse) });
export type PlatformSettingsResponse = z.infer<typeof PlatformSettingsResponse>;

export const MAINTENANCE_CODE = 'maintenance';
