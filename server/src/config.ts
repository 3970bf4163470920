import { createECDH, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { z } from 'zod';
import { EnvSchema } from './config-env';
import type { S3Settings } from './storage/s3-store';

export interface Config {
  port: number;
  host: string;
  appUrl: string;
  https: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections this process keeps at most. */
  databasePoolSize: number;
  /** How long a server started before its PostgreSQL waits for it. */
  databaseWaitSeconds: number;
  sessionSecret: string;
  encryptionKey: string;
  adminEmails: string[];
  /** Where uploaded files go: an S3-compatible store when STORAGE_URL is set, else DATA_DIR/files. */
  storage: { s3?: S3Settings };
  smtpUrl: string | undefined;
  mailOutboxRetentionHours: number;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  /** An OpenAI-compatible provider; undefined = the built-in analyst answers alone. */
  ai: AiConfig | undefined;
  /** Assistant questions and photo analyses one user may make in ten minutes (provider or not). */
  aiRequestsPer10Min: number;
  /** Caregiver invitations per user (modules/sharing/invitation-quota.ts). */
  shareInvitations: { perHour: number; perDay: number };
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Reverse proxies in front of the server: the client is that many X-Forwarded-For hops from the right. */
  trustProxy: number;
  session: { idleSeconds: number; absoluteSeconds: number };
  webDist: string;
  /** How often the scheduler looks for reminders that came due. */
  reminderIntervalSeconds: number;
  /** Terra (wearables and health devices); undefined until the operator sets all three secrets. */
  terra:
    | {
        devId: string;
        apiKey: string;
        signingSecret: string;
        baseUrl: string;
        widgetSessionUrl: string;
        syncIntervalSeconds: number;
      }
    | undefined;
  /** Pulling readings from users' own Nightscout sites. */
  nightscout: { pullIntervalSeconds: number; deviceStatusDays: number };
  /** The vendors' follower clouds the server pulls readings from (modules/vendor-pulls). */
  vendorPulls: {
    dexcomShareUrls: { us: string; ous: string; jp: string };
    libreLinkUpUrl: string;
    libreLinkUpVersion: string;
    intervalSeconds: number;
  };
  /** Origins (OUTBOUND_ALLOW) that requests to users' addresses may reach although private. */
  outboundAllow: string;
  /**
   * Certificates (PEM) trusted besides the system's for requests to users' addresses; no variable sets
   * it (operators use NODE_EXTRA_CA_CERTS): tests pass their loopback CA.
   */
  outboundCa?: string[];
  /** Web Push: the server's VAPID key pair (base64url) and the contact push services see. */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Login/registration throttling; tests shorten the window. */
  authThrottle: { perAccount: number; perIp: number; windowSeconds: number };
  /** Sign-up, resend and reset answer no sooner than this, so their timing does not tell whether an account exists. */
  authMinResponseMs: number;
}

export interface AiConfig {
  /** Unset = the SDK's default (OpenAI). */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  /** The chat model; undefined when only a vision model is configured. */
  model: string | undefined;
  /** AI_VISION_MODEL, else AI_MODEL. */
  visionModel: string | undefined;
  timeoutMs: number;
  maxRetries: number;
  /** Offer the model functions over the user's data (AI_TOOLS); off = the fixed context only. */
  tools: boolean;
}

export class ConfigError extends Error {}

const aiConfig = (e: z.infer<typeof EnvSchema>): AiConfig | undefined => {
  if (!e.AI_BASE_URL && !e.AI_API_KEY) return undefined;
  if (!e.AI_MODEL && !e.AI_VISION_MODEL)
    throw new ConfigError('Invalid configuration:\n  AI_MODEL: must be set with AI_BASE_URL or AI_API_KEY');
  return {
    baseUrl: e.AI_BASE_URL?.replace(/\/$/, ''),
    apiKey: e.AI_API_KEY,
    model: e.AI_MODEL,
    visionModel: e.AI_VISION_MODEL ?? e.AI_MODEL,
    timeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
    maxRetries: e.AI_MAX_RETRIES,
    tools: e.AI_TOOLS,
  };
};

/**
 * DATA_DIR holds the embedded database and the generated secrets: only the server's own user may list or
 * enter it. A directory that already exists is the operator's and keeps its mode.
 */
export const ensurePrivateDataDir = (dataDir: string) => {
  if (existsSync(dataDir)) return;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700); // mkdir's mode is narrowed by the umask, never widened; be exact
};

/** SESSION_SECRET and ENCRYPTION_KEY are generated once into DATA_DIR so a first start needs no setup. */
const loadOrCreateSecrets = (dataDir: string) => {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { sessionSecret: string; encryptionKey: string };
  ensurePrivateDataDir(dataDir);
  const secrets = {
    sessionSecret: randomBytes(32).toString('hex'),
    encryptionKey: randomBytes(32).toString('hex'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
};

/** The VAPID key pair, generated once into DATA_DIR (like the secrets) when the variables are unset. */
const loadOrCreateVapidKeys = (dataDir: string) => {
  const file = join(dataDir, 'vapid.json');
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  ensurePrivateDataDir(dataDir);
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const secret = ecdh.getPrivateKey();
  const keys = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
};

/** mailto: the sender address of MAIL_FROM, or the https APP_URL. */
const vapidSubject = (e: z.infer<typeof EnvSchema>, appUrl: string) => {
  if (e.VAPID_SUBJECT) return e.VAPID_SUBJECT;
  if (appUrl.startsWith('https://')) return appUrl;
  const address = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM;
  return `mailto:${address.trim()}`;
};

const vapidConfig = (e: z.infer<typeof EnvSchema>, dataDir: string, appUrl: string) => {
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    );
  const keys =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : loadOrCreateVapidKeys(dataDir);
  return { ...keys, subject: vapidSubject(e, appUrl) };
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  // An empty variable (`DATABASE_URL=`) means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // A public (https) instance keeps its session key outside the data it protects: a copied or restored
  // DATA_DIR must not carry the key that forges its sessions.
  if (appUrl.startsWith('https://') && !e.SESSION_SECRET)
    throw new ConfigError(
      'Invalid configuration:\n  SESSION_SECRET: must be set explicitly when APP_URL is https:// ' +
        '(generate one with `openssl rand -hex 32`)',
    );
  if (!e.DATABASE_URL) ensurePrivateDataDir(dataDir);
  const needsSecrets = !e.SESSION_SECRET || !e.ENCRYPTION_KEY;
  const generated = needsSecrets ? loadOrCreateSecrets(dataDir) : undefined;
  const google =
    e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET,
          discoveryUrl: e.GOOGLE_DISCOVERY_URL,
        }
      : undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl,
    https: appUrl.startsWith('https://'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS,
    sessionSecret: e.SESSION_SECRET ?? generated!.sessionSecret,
    encryptionKey: e.ENCRYPTION_KEY ?? generated!.encryptionKey,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    storage: {
      s3: e.STORAGE_URL
        ? {
            url: e.STORAGE_URL,
            bucket: e.STORAGE_BUCKET,
            region: e.STORAGE_REGION,
            accessKeyId: e.STORAGE_ACCESS_KEY_ID,
            secretAccessKey: e.STORAGE_SECRET_ACCESS_KEY,
            forcePathStyle: e.STORAGE_FORCE_PATH_STYLE,
          }
        : undefined,
    },
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailOutboxRetentionHours: e.MAIL_OUTBOX_RETENTION_HOURS,
    google,
    ai: aiConfig(e),
    aiRequestsPer10Min: e.AI_REQUESTS_PER_10_MIN,
    shareInvitations: { perHour: e.SHARE_INVITATIONS_PER_HOUR, perDay: e.SHARE_INVITATIONS_PER_DAY },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    session: { idleSeconds: e.SESSION_IDLE_MINUTES * 60, absoluteSeconds: e.SESSION_ABSOLUTE_HOURS * 3600 },
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    reminderIntervalSeconds: e.REMINDER_INTERVAL_SECONDS,
    terra:
      e.TERRA_DEV_ID && e.TERRA_API_KEY && e.TERRA_SIGNING_SECRET
        ? {
            devId: e.TERRA_DEV_ID,
            apiKey: e.TERRA_API_KEY,
            signingSecret: e.TERRA_SIGNING_SECRET,
            baseUrl: e.TERRA_BASE_URL.replace(/\/+$/, ''),
            widgetSessionUrl: e.TERRA_WIDGET_SESSION_URL,
            syncIntervalSeconds: e.TERRA_SYNC_INTERVAL_SECONDS,
          }
        : undefined,
    nightscout: {
      pullIntervalSeconds: e.NIGHTSCOUT_PULL_INTERVAL_SECONDS,
      deviceStatusDays: e.NS_DEVICESTATUS_DAYS,
    },
    vendorPulls: {
      dexcomShareUrls: {
        us: e.DEXCOM_SHARE_URL_US.replace(/\/+$/, ''),
        ous: e.DEXCOM_SHARE_URL_OUS.replace(/\/+$/, ''),
        jp: e.DEXCOM_SHARE_URL_JP.replace(/\/+$/, ''),
      },
      libreLinkUpUrl: e.LIBRELINKUP_URL.replace(/\/+$/, ''),
      libreLinkUpVersion: e.LIBRELINKUP_VERSION,
      intervalSeconds: e.VENDOR_PULL_INTERVAL_SECONDS,
    },
    outboundAllow: e.OUTBOUND_ALLOW,
    vapid: vapidConfig(e, dataDir, appUrl),
    authThrottle: {
      perAccount: e.AUTH_THROTTLE_PER_ACCOUNT,
      perIp: e.AUTH_THROTTLE_PER_IP,
      windowSeconds: e.AUTH_THROTTLE_WINDOW_SECONDS,
    },
    authMinResponseMs: e.AUTH_MIN_RESPONSE_MS,
  };
};
