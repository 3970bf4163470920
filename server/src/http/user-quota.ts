import { createMiddleware } from 'hono/factory';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { LimiterFactory } from '../auth/limiter-store';
import { consumeOr429, tooMany } from '../auth/throttle';

/**
 * Per-user limits on the requests that cost the server most, so one account (or a script holding its
 * session) cannot take the server from everyone else. Counters live in the shared store, so the
 * limits hold across API processes on PostgreSQL.
 */
export const USER_QUOTAS = {
  /** Glucose statistics or analytics over more than this many days count as long-range... */
  longRangeDays: 90,
  /** ...and each user may ask for this many of those in ten minutes. */
  longRangePer10Min: 20,
  /** Medication schedules a user may create in ten minutes (each expands into up to 30 × times doses). */
  schedulesPer10Min: 30,
  /** Documents a user may upload in ten minutes (each is checked, encrypted and read for search). */
  uploadsPer10Min: 60,
  /** Visit packets a user may create in ten minutes (each reads the window's data and draws a PDF). */
  packetsPer10Min: 10,
  /** Open notification streams per user (tabs and devices together). */
  openStreams: 8,
  /** A stream's slot is held this long and renewed by its heartbeat; a crashed process frees it then. */
  streamLeaseSeconds: 60,
  /** Assistant questions and meal photo analyses per user in ten minutes (AI_REQUESTS_PER_10_MIN). */
  aiPer10Min: 30,
  /** Nightscout pulls a user asks for (saving the site or "sync now"): each is a request to their address. */
  outboundSyncsPer10Min: 10,
} as const;

const TEN_MINUTES = 600;

export interface StreamSlot {
  renew(): Promise<void>;
  release(): Promise<void>;
}

export const createUserQuotas = (limiter: LimiterFactory, opts: { aiPer10Min?: number } = {}) => {
  const longRange = limiter({
    keyPrefix: 'quota-long-range',
    points: USER_QUOTAS.longRangePer10Min,
    duration: TEN_MINUTES,
  });
  const schedules = limiter({
    keyPrefix: 'quota-schedules',
    points: USER_QUOTAS.schedulesPer10Min,
    duration: TEN_MINUTES,
  });
  const uploads = limiter({
    keyPrefix: 'quota-uploads',
    points: USER_QUOTAS.uploadsPer10Min,
    duration: TEN_MINUTES,
  });
  const packets = limiter({
    keyPrefix: 'quota-packets',
    points: USER_QUOTAS.packetsPer10Min,
    duration: TEN_MINUTES,
  });
  const ai = limiter({
    keyPrefix: 'quota-ai',
    points: opts.aiPer10Min ?? USER_QUOTAS.aiPer10Min,
    duration: TEN_MINUTES,
  });
  const outboundSyncs = limiter({
    keyPrefix: 'quota-outbound-sync',
    points: USER_QUOTAS.outboundSyncsPer10Min,
    duration: TEN_MINUTES,
  });
  // One counter per slot: a slot is free while its counter is 0, so claiming it is one atomic upsert.
  const slots = limiter({ keyPrefix: 'quota-stream', points: 1, duration: USER_QUOTAS.streamLeaseSeconds });

  return {
    /** For routes with a `days` query: long windows count against the user's long-range budget. */
    longRange: createMiddleware(async (c, next) => {
      if (Number(c.req.query('days')) > USER_QUOTAS.longRangeDays)
        await consumeOr429(longRange, c.get('user').id, 'long-range analytics requests');
      return next();
    }),
    /** For the schedule routes: each creation or change (both set up a month of reminders) counts. */
    scheduleCreation: createMiddleware(async (c, next) => {
      if (c.req.method === 'POST' || c.req.method === 'PATCH')
        await consumeOr429(schedules, c.get('user').id, 'new or changed schedules');
      return next();
    }),
    /** For file-upload routes: each upload (accepted or refused) counts. */
    upload: createMiddleware(async (c, next) => {
      if (c.req.method === 'POST') await consumeOr429(uploads, c.get('user').id, 'uploads');
      return next();
    }),
    /** For the visit-packet route: each creation counts. */
    packetCreation: createMiddleware(async (c, next) => {
      if (c.req.method === 'POST') await consumeOr429(packets, c.get('user').id, 'new visit packets');
      return next();
    }),
    /** For routes that make the server request a user's own address at once (a Nightscout pull). */
    outboundSync: createMiddleware(async (c, next) => {
      if (c.req.method !== 'GET' && c.req.method !== 'DELETE')
        await consumeOr429(outboundSyncs, c.get('user').id, 'syncs');
      return next();
    }),
    /** Each assistant question or photo analysis counts, answered by a provider or not. */
    aiRequest: (userId: string) => consumeOr429(ai, userId, 'AI requests'),
    /** Claims one of the user's stream slots, or throws a 429 problem when all are taken. */
    async openStream(userId: string): Promise<StreamSlot> {
      for (let i = 0; i < USER_QUOTAS.openStreams; i++) {
        const key = `${userId}:${i}`;
        try {
          await slots.consume(key);
        } catch (err) {
          if (err instanceof RateLimiterRes) continue;
          throw err;
        }
        return {
          renew: async () => void (await slots.block(key, USER_QUOTAS.streamLeaseSeconds)),
          release: async () => void (await slots.delete(key)),
        };
      }
      throw tooMany({ msBeforeNext: USER_QUOTAS.streamLeaseSeconds * 1000 }, 'open notification streams');
    },
  };
};

export type UserQuotas = ReturnType<typeof createUserQuotas>;
