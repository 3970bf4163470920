import type { GlucoseUnit } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { hypoCaregiverEmail } from '../../mail/templates';
import type { LiveNotifier } from '../notifications/live-notifications.service';
import type { PushClient } from '../push/push.client';
import { sendPush } from '../push/push.service';
import { caregiverPush } from '../push/push-messages';
import { activeCaregivers } from '../sharing/sharing.service';
import { hypoMessages } from './hypo-messages';

export interface CaregiverAlert {
  ownerId: string;
  followUpId: string;
  valueMgdl: number;
  readingAt: Date;
}

export interface AlertRecipient {
  email: string;
  name: string | null;
}

export type AlertRecipientLister = (db: Database, ownerId: string) => Promise<AlertRecipient[]>;

/**
 * The caregivers the owner chose to be alerted: their usable shares (pending or active: neither
 * revoked nor expired) marked "alert on low" in the invitation or Manage Permissions.
 */
export const listAlertRecipients: AlertRecipientLister = (db, ownerId) =>
  db.readAsUser(ownerId, async (tx) =>
    (await activeCaregivers(tx, ownerId))
      .filter((c) => c.alertOnLow)
      .map((c) => ({ email: c.email, name: c.name })),
  );

/** The Healthfolio accounts (confirmed addresses) of caregivers, by lower-cased email. */
export const caregiverAccounts = async (db: Database, recipients: AlertRecipient[]) => {
  if (!recipients.length) return new Map<string, string>();
  // Addresses live in the auth schema, which only the owner connection reads.
  const accounts = await db.owner.execute<{ id: string; email: string }>(
    sql`select id, email from auth.user where email_verified and lower(email) in (${sql.join(
      recipients.map((r) => sql`${r.email.toLowerCase()}`),
      sql`, `,
    )})`,
  );
  return new Map(accounts.rows.map((a) => [a.email.toLowerCase(), a.id]));
};

export interface CaregiverAlertDeps {
  db: Database;
  mailer: Mailer;
  notifier: LiveNotifier;
  config: Pick<Config, 'appUrl'>;
  logger: Logger;
  push?: PushClient;
}

/**
 * The one way an urgent message reaches caregivers: each gets an email, and on their own Healthfolio
 * account (when they have one) an in-app alert and whatever `onAccount` adds (a push).
 */
export const tellCaregivers = async (
  deps: Omit<CaregiverAlertDeps, 'logger' | 'push'>,
  ownerId: string,
  recipients: AlertRecipient[],
  message: { title: string; content: string; metadata: Record<string, unknown> },
  onAccount: (caregiverId: string) => Promise<void>,
) => {
  const accountOf = await caregiverAccounts(deps.db, recipients);
  for (const r of recipients) {
    await deps.mailer.send({
      to: r.email,
      userId: ownerId,
      ...hypoCaregiverEmail(deps.config.appUrl, message.title, message.content),
    });
    const caregiverId = accountOf.get(r.email.toLowerCase());
    if (!caregiverId) continue;
    await deps.notifier.notifyCaregiver({
      userId: caregiverId,
      title: message.title,
      content: message.content,
      priority: 'urgent',
      metadata: message.metadata,
    });
    await onAccount(caregiverId);
  }
};

/**
 * The one place an escalation reaches caregivers: each gets an email, and a live notification on their
 * own Healthfolio account when they have one. Returns how many caregivers were alerted.
 */
export const alertCaregivers = async (
  deps: CaregiverAlertDeps,
  alert: CaregiverAlert,
  listRecipients: AlertRecipientLister = listAlertRecipients,
): Promise<number> => {
  const recipients = await listRecipients(deps.db, alert.ownerId);
  if (!recipients.length) return 0;
  const { rows } = await deps.db.asSystem((tx) =>
    tx.execute<{ display_name: string; glucose_unit: string; timezone: string }>(
      sql`select display_name, glucose_unit, timezone from profiles where user_id = ${alert.ownerId}`,
    ),
  );
  const p = rows[0];
  const ownerName = p?.display_name || 'A Healthfolio user';
  const facts = {
    valueMgdl: alert.valueMgdl,
    readingAt: alert.readingAt,
    unit: (p?.glucose_unit ?? 'mg/dL') as GlucoseUnit,
    timeZone: p?.timezone ?? 'UTC',
  };
  const message = hypoMessages.caregiver(ownerName, facts);
  await tellCaregivers(
    deps,
    alert.ownerId,
    recipients,
    { ...message, metadata: { hypoFollowUpId: alert.followUpId } },
    async (caregiverId) => {
      if (deps.push)
        await sendPush(
          { db: deps.db, logger: deps.logger, push: deps.push },
          caregiverPush(caregiverId, ownerName, alert.followUpId, message),
        );
    },
  );
  return recipients.length;
};
