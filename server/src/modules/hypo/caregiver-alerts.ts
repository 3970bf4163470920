import type { GlucoseUnit } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { hypoCaregiverEmail } from '../../mail/templates';
import type { LiveNotifier } from '../notifications/live-notifications.service';
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

/**
 * The one place an escalation reaches caregivers: each gets an email, and a live notification on their
 * own Healthfolio account when they have one. Returns how many caregivers were alerted.
 */
export const alertCaregivers = async (
  deps: { db: Database; mailer: Mailer; notifier: LiveNotifier; config: Pick<Config, 'appUrl'> },
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
  // Addresses live in the auth schema, which only the owner connection reads.
  const accounts = await deps.db.owner.execute<{ id: string; email: string }>(
    sql`select id, email from auth.user where email_verified and lower(email) in (${sql.join(
      recipients.map((r) => sql`${r.email.toLowerCase()}`),
      sql`, `,
    )})`,
  );
  const accountOf = new Map(accounts.rows.map((a) => [a.email.toLowerCase(), a.id]));
  for (const r of recipients) {
    await deps.mailer.send({
      to: r.email,
      userId: alert.ownerId,
      ...hypoCaregiverEmail(deps.config.appUrl, message.title, message.content),
    });
    const caregiverId = accountOf.get(r.email.toLowerCase());
    if (caregiverId)
      await deps.notifier.notifyCaregiver({
        userId: caregiverId,
        title: message.title,
        content: message.content,
        priority: 'urgent',
        metadata: { hypoFollowUpId: alert.followUpId },
      });
  }
  return recipients.length;
};
