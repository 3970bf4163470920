import type { TestEmailOutcome, TestNotificationResponse } from '@healthfolio/core';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppDeps } from '../../app-deps';
import { tooMany } from '../../auth/throttle';
import type { Database } from '../../db/database';
import type { SessionUser } from '../../http/context';
import { testNotificationEmail } from '../../mail/templates';
import { findProfile } from '../profiles/profiles.repository';

export const TEST_NOTIFICATION = {
  title: 'Test notification',
  content: 'This is a test. Your reminders will reach you like this when they come due.',
  senderName: 'Healthfolio',
} as const;

/** A few tries a minute is plenty to check delivery, and keeps the button from becoming a mail cannon. */
const PER_MINUTE = 3;

type Deps = Pick<AppDeps, 'db' | 'notifier' | 'mailer' | 'config' | 'settings'>;

/**
 * "Send a test notification" (Settings → Reminders): the same path a due reminder takes, so the user
 * sees the live toast and, when they opted in and mail is set up, gets the email. It carries no due
 * date, so the scheduler never delivers it a second time.
 */
export const createTestNotifier = (deps: Deps) => {
  const limiter = new RateLimiterMemory({ keyPrefix: 'test-notification', points: PER_MINUTE, duration: 60 });

  const emailOutcome = async (user: SessionUser): Promise<TestEmailOutcome> => {
    const profile = await deps.db.asUser(user.id, (tx) => findProfile(tx, user.id));
    if (!profile?.emailReminders) return 'off';
    if (!user.emailVerified) return 'unverified';
    if (!(await deps.settings.getPlatformSettings()).email_notifications.enabled) return 'paused_by_admin';
    if (deps.mailer.mode !== 'smtp') return 'not_configured';
    await deps.mailer.send({
      to: user.email,
      userId: user.id,
      ...testNotificationEmail(deps.config.appUrl, TEST_NOTIFICATION.content),
    });
    return 'sent';
  };

  // `db`: the request's handle (its audit row carries the request's client).
  return async (user: SessionUser, db: Database = deps.db): Promise<TestNotificationResponse> => {
    try {
      await limiter.consume(user.id);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooMany(err, 'test notifications');
      throw err;
    }
    const notification = await deps.notifier.send(
      {
        userId: user.id,
        type: 'reminder',
        priority: 'medium',
        title: TEST_NOTIFICATION.title,
        content: TEST_NOTIFICATION.content,
        senderName: TEST_NOTIFICATION.senderName,
        senderType: 'system',
      },
      db,
    );
    return { notification, email: await emailOutcome(user) };
  };
};
