import {
  CANNOT_DELETE_MESSAGE,
  canDelete,
  type NotificationCreateRequest,
  type NotificationListQuery,
  type NotificationListResponse,
  type NotificationUpdateRequest,
  repeats,
  USER_SENDER,
} from '@healthfolio/core';
import type { Database } from '../../db/database';
import { notFound, ProblemError } from '../../http/problem';
import { changedBetween, recordAudit } from '../audit/audit.service';
import type { LiveNotifier } from './live-notifications.service';
import { decodeCursor, encodeCursor, presentNotification } from './notifications.presenter';
import {
  countUnread,
  deleteNotificationRow,
  deleteUndeliveredInSeries,
  selectNotification,
  selectNotificationForUpdate,
  selectNotifications,
  updateNotificationRow,
} from './notifications.repository';

const NOT_FOUND = 'No notification with this id';

export const listNotifications = (
  db: Database,
  userId: string,
  q: NotificationListQuery,
): Promise<NotificationListResponse> =>
  db.readAsUser(userId, async (tx) => {
    const rows = await selectNotifications(tx, userId, q, q.cursor ? decodeCursor(q.cursor) : undefined);
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    return {
      items: page.map(presentNotification),
      // The scheduled list goes by due time, the arrived one by when each item was added.
      nextCursor:
        rows.length > q.limit && last
          ? encodeCursor(q.when === 'scheduled' ? last.dueDate! : last.createdAt, last.id)
          : null,
    };
  });

export const unreadCounts = (db: Database, userId: string) =>
  db.readAsUser(userId, (tx) => countUnread(tx, userId));

export const getNotification = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    const row = await selectNotification(tx, userId, id);
    if (!row) throw notFound(NOT_FOUND);
    await recordAudit(tx, userId, 'read', 'notification', id);
    return presentNotification(row);
  });

/** "Add notification": the user is the sender (spec §5). */
export const createUserNotification = (
  notifier: LiveNotifier,
  userId: string,
  req: NotificationCreateRequest,
  via?: Database,
) =>
  notifier.send(
    {
      userId,
      type: req.type,
      title: req.title,
      content: req.content,
      priority: req.priority,
      dueDate: req.type === 'note' ? null : (req.dueDate ?? null),
      reminderFrequency: req.type === 'reminder' ? (req.reminderFrequency ?? null) : null,
      senderName: USER_SENDER.name,
      senderType: USER_SENDER.type,
    },
    via,
  );

const invalid = (path: string, message: string) =>
  new ProblemError(400, 'validation_failed', message, [{ path, message }]);

/**
 * Mark read; complete (spec §4: only type notification, once); edit (notes only: other items come
 * from someone else and keep their wording).
 */
export const updateNotification = async (
  db: Database,
  notifier: LiveNotifier,
  userId: string,
  id: string,
  patch: NotificationUpdateRequest,
) => {
  const updated = await db.asUser(userId, async (tx) => {
    const row = await selectNotification(tx, userId, id);
    if (!row) throw notFound(NOT_FOUND);
    if (patch.isCompleted) {
      if (row.type !== 'notification') throw invalid('isCompleted', 'Only notifications can be completed.');
      if (row.isCompleted) throw new ProblemError(409, 'conflict', 'This notification is already completed.');
    }
    if ((patch.title !== undefined || patch.content !== undefined) && row.type !== 'note')
      throw invalid(patch.title !== undefined ? 'title' : 'content', 'Only notes can be edited.');
    const changed = await updateNotificationRow(tx, userId, id, {
      isRead: patch.isRead,
      isCompleted: patch.isCompleted,
      title: patch.title,
      content: patch.content,
    });
    // Last in the transaction: the user's audit chain head stays locked until commit.
    await recordAudit(tx, userId, 'update', 'notification', id, {
      fields: changedBetween(patch, row, changed ?? row),
    });
    return changed;
  });
  await notifier.announce(userId, 'notification.updated', id);
  return presentNotification(updated!);
};

/**
 * A person deletes their own notes and the reminders they set (core `canDelete`); other items are
 * marked read or completed. Deleting any occurrence of a repeating reminder stops the repeats: the
 * next occurrence waiting in the scheduled list goes too, while those that already arrived stay.
 */
export const deleteNotification = async (
  db: Database,
  notifier: LiveNotifier,
  userId: string,
  id: string,
) => {
  const deleted = await db.asUser(userId, async (tx) => {
    const row = await selectNotificationForUpdate(tx, userId, id);
    if (!row) throw notFound(NOT_FOUND);
    if (!canDelete(row)) throw invalid('id', CANNOT_DELETE_MESSAGE);
    await deleteNotificationRow(tx, userId, id);
    const ids = [id];
    if (row.type === 'reminder' && repeats(row))
      ids.push(...(await deleteUndeliveredInSeries(tx, userId, row.seriesId ?? row.id)));
    for (const gone of ids) await recordAudit(tx, userId, 'delete', 'notification', gone);
    return ids;
  });
  for (const gone of deleted) await notifier.announce(userId, 'notification.deleted', gone);
};
