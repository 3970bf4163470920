import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Limiter, LimiterFactory } from '../../auth/limiter-store';
import { ProblemError } from '../../http/problem';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "in 1 minute", "in 59 minutes", "in 3 hours": a wait a person reads, rounded up. */
export const waitText = (seconds: number) =>
  seconds <= 60
    ? `in ${plural(Math.max(1, seconds), 'second')}`
    : seconds <= 2 * 3600
      ? `in ${plural(Math.ceil(seconds / 60), 'minute')}`
      : `in ${plural(Math.ceil(seconds / 3600), 'hour')}`;

const spend = async (limiter: Limiter, userId: string, sent: string) => {
  try {
    await limiter.consume(userId);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
    throw new ProblemError(
      429,
      'rate_limited',
      `You have sent ${sent}. You can send more invitations ${waitText(seconds)}.`,
      undefined,
      { 'retry-after': String(seconds) },
    );
  }
};

/**
 * Caregiver invitations a user may send: each one emails their own words to any address, so without
 * a budget an account is a spam relay. Counted per user in the shared limiter store (PostgreSQL, or
 * Redis), so the budget holds across processes; beyond it, 429 with Retry-After.
 */
export const createInvitationQuota = (
  limiter: LimiterFactory,
  { perHour, perDay }: { perHour: number; perDay: number },
) => {
  const hourly = limiter({ keyPrefix: 'quota-invitations-hour', points: perHour, duration: 3600 });
  const daily = limiter({ keyPrefix: 'quota-invitations-day', points: perDay, duration: 86_400 });
  // The hour first: attempts it refuses do not eat into the day.
  return async (userId: string) => {
    await spend(hourly, userId, `${plural(perHour, 'invitation')} in the last hour`);
    await spend(daily, userId, `${plural(perDay, 'invitation')} today`);
  };
};
