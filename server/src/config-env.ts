import { z } from 'zod';
import { sessionSecretWeakness } from './config-secrets';
import { smtpTransportOptions } from './mail/smtp-options';

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const httpUrl = z
  .string()
  .url()
  .refine((u) => /^https?:\/\//.test(u), 'must be an http(s) URL');

/**
 * The environment variables the server reads, with their defaults and limits (DESIGN §6). `loadConfig`
 * (config.ts) turns them into the `Config` the rest of the server uses.
 */
export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  SESSION_SECRET: z
    .string()
    .min(32, 'SESSION_SECRET must be at least 32 characters')
    .superRefine((secret, ctx) => {
      const weakness = sessionSecretWeakness(secret);
      if (weakness) ctx.addIssue({ code: 'custom', message: weakness });
    })
    .optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'ENCRYPTION_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  ADMIN_EMAILS: z.string().default(''),
  STORAGE_URL: z.string().url().optional(),
  STORAGE_BUCKET: z.string().default('healthfolio'),
  STORAGE_REGION: z.string().default('us-east-1'),
  STORAGE_ACCESS_KEY_ID: z.string().optional(),
  STORAGE_SECRET_ACCESS_KEY: z.string().optional(),
  STORAGE_FORCE_PATH_STYLE: boolish.default(true),
  SMTP_URL: z
    .string()
    .superRefine((v, ctx) => {
      try {
        smtpTransportOptions(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    })
    .optional(),
  MAIL_FROM: z.string().default('Healthfolio <no-reply@localhost>'),
  MAIL_OUTBOX_RETENTION_HOURS: z.coerce
    .number()
    .min(0.1)
    .max(24 * 30)
    .default(24),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_DISCOVERY_URL: z
    .string()
    .url()
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  AI_BASE_URL: z
    .string()
    .url()
    .refine((u) => /^https?:\/\//.test(u), 'AI_BASE_URL must be an http(s) URL')
    .optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_VISION_MODEL: z.string().optional(),
  AI_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(60),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  AI_TOOLS: boolish.default(true),
  AI_REQUESTS_PER_10_MIN: z.coerce.number().int().min(1).max(10000).default(30),
  SHARE_INVITATIONS_PER_HOUR: z.coerce.number().int().min(1).max(10000).default(10),
  SHARE_INVITATIONS_PER_DAY: z.coerce.number().int().min(1).max(100000).default(50),
  TERRA_DEV_ID: z.string().optional(),
  TERRA_API_KEY: z.string().optional(),
  TERRA_SIGNING_SECRET: z.string().optional(),
  // Terra moved its API to access.tryterra.co in 2026; both addresses stay configurable.
  TERRA_BASE_URL: z.string().url().default('https://access.tryterra.co/api/v2'),
  TERRA_WIDGET_SESSION_URL: z.string().url().default('https://access.tryterra.co/api/widget/session'),
  TERRA_SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  NIGHTSCOUT_PULL_INTERVAL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(300),
  // The vendors' follower clouds (modules/vendor-pulls); tests point them at loopback stubs.
  DEXCOM_SHARE_URL_US: httpUrl.default('https://share2.dexcom.com/ShareWebServices/Services'),
  DEXCOM_SHARE_URL_OUS: httpUrl.default('https://shareous1.dexcom.com/ShareWebServices/Services'),
  DEXCOM_SHARE_URL_JP: httpUrl.default('https://share.dexcom.jp/ShareWebServices/Services'),
  LIBRELINKUP_URL: httpUrl.default('https://api.libreview.io'),
  // The LibreLinkUp app version the server introduces itself as; LibreLinkUp refuses versions it retired.
  LIBRELINKUP_VERSION: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/, 'LIBRELINKUP_VERSION is a version such as 4.16.0')
    .default('4.16.0'),
  VENDOR_PULL_INTERVAL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(300),
  NS_DEVICESTATUS_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  // Replaced by OUTBOUND_ALLOW (which names the origins); refused when still switched on.
  NIGHTSCOUT_ALLOW_PRIVATE_ADDRESSES: boolish.default(false).refine((on) => !on, {
    message:
      'NIGHTSCOUT_ALLOW_PRIVATE_ADDRESSES was replaced by OUTBOUND_ALLOW: list the private origins to admit, e.g. OUTBOUND_ALLOW=http://192.168.1.20:1337',
  }),
  // Origins on private or loopback addresses that requests to users' addresses may still reach.
  OUTBOUND_ALLOW: z
    .string()
    .default('')
    .refine(
      (v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .every((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol)),
      { message: 'OUTBOUND_ALLOW is a comma-separated list of http(s) origins' },
    ),
  // Web Push (RFC 8292): base64url P-256 keys, generated into DATA_DIR when unset; set both or neither.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)')
    .optional(),
  // Who push services may contact about this server's messages: mailto: or https:.
  VAPID_SUBJECT: z
    .string()
    .refine((v) => /^(mailto:|https:\/\/)/.test(v), 'VAPID_SUBJECT must start with mailto: or https://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // How many reverse proxies stand in front of the server; `true` means one, `false` none.
  TRUST_PROXY: z
    .union([boolish.transform((on) => (on ? 1 : 0)), z.coerce.number().int().min(0).max(10)], {
      error: 'TRUST_PROXY must be true, false or the number of trusted proxies (0-10)',
    })
    .default(0),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 30)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(12),
  WEB_DIST: z.string().optional(),
  REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  AUTH_THROTTLE_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  AUTH_THROTTLE_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_THROTTLE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  AUTH_MIN_RESPONSE_MS: z.coerce.number().int().min(0).max(5000).default(300),
});
