import {
  type AdminEmailRequest,
  type AdminEmailResponse,
  type AdminMessageRequest,
  type MailOutboxResponse,
  SYSTEM_ADMINISTRATOR,
} from '@healthfolio/core';
import { desc, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { mailOutbox } from '../../db/schema';
import { ProblemError } from '../../http/problem';
import { adminEmail } from '../../mail/admin-email-templates';
import { recordAudit } from '../audit/audit.service';
import { adminAccountTx } from './admin-tx';

type Deps = Pick<AppDeps, 'db' | 'notifier' | 'mailer' | 'config' | 'settings'>;

/** Selected accounts that exist and are active; none selected = every active account. */
const recipients = (deps: Deps, userIds: string[]) =>
  adminAccountTx(deps.db, async (tx) => {
    const ids = userIds.length
      ? sql`and u.id in (${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
    const { rows } = await tx.execute<{ id: string }>(
      sql`select u.id from auth.user u where u.status = 'active' ${ids} order by u.created_at`,
    );
    return rows.map((r) => r.id);
  });

/**
 * An in-app message from "System Administrator" (sender type admin), through the live-notification
 * service, so each recipient's open pages show it at once. Audited once as send_message.
 */
export const sendMessage = async (deps: Deps, adminId: string, req: AdminMessageRequest) => {
  const ids = await recipients(deps, req.userIds);
  if (!ids.length)
    throw new ProblemError(400, 'no_recipients', 'None of the selected users can receive messages.');
  await deps.db.asSystem((tx) =>
    recordAudit(tx, adminId, 'send_message', 'message', null, {
      recipients: ids.length,
      toAll: !req.userIds.length,
      type: req.type,
      priority: req.priority,
    }),
  );
  for (const userId of ids)
    await deps.notifier.send(
      {
        userId,
        title: req.title,
        content: req.content,
        type: req.type,
        priority: req.priority,
        senderName: SYSTEM_ADMINISTRATOR,
        senderType: 'admin',
      },
      deps.db,
    );
  return { sent: ids.length };
};

/**
 * One of the five email types through the mailer (HTML and text). email_notifications off refuses it;
 * without SMTP it is kept in the outbox and the answer says so; an SMTP refusal is a 502 with its reason.
 */
export const sendEmail = async (
  deps: Deps,
  adminId: string,
  req: AdminEmailRequest,
): Promise<AdminEmailResponse> => {
  if (!(await deps.settings.getPlatformSettings()).email_notifications.enabled)
    throw new ProblemError(
      409,
      'email_notifications_off',
      'Notification emails are turned off in Settings (email_notifications).',
    );
  const result = await deps.mailer.send({ to: req.recipientEmail, ...adminEmail(req, deps.config.appUrl) });
  await deps.db.asSystem((tx) =>
    recordAudit(tx, adminId, 'send_email', 'email', result.id, { type: req.type, delivery: result.status }),
  );
  if (result.status === 'failed')
    throw new ProblemError(502, 'mail_failed', result.error || 'An error occurred while sending the email');
  return { success: true, delivery: result.status, mailId: result.id };
};

/** Where messages went lately (the Communication tab shows it when no mail server is configured). */
export const listOutbox = async (deps: Deps): Promise<MailOutboxResponse> => {
  const rows = await deps.db.asSystem((tx) =>
    tx.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50),
  );
  return {
    mode: deps.mailer.mode,
    items: rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
  };
};
