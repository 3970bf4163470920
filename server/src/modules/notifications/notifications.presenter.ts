import type { NotificationResponse } from '@healthfolio/core';
import { ProblemError } from '../../http/problem';
import type { Cursor } from './notifications.repository';

type Row = {
  id: string;
  type: string;
  priority: string;
  title: string;
  content: string;
  senderName: string;
  senderType: string;
  recipientType: string;
  dueDate: Date | null;
  reminderFrequency: string | null;
  isRead: boolean;
  isCompleted: boolean;
  metadata: Record<string, unknown>;
  deliveredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

export const presentNotification = (row: Row): NotificationResponse => ({
  id: row.id,
  type: row.type as NotificationResponse['type'],
  priority: row.priority as NotificationResponse['priority'],
  title: row.title,
  content: row.content,
  senderName: row.senderName,
  senderType: row.senderType as NotificationResponse['senderType'],
  recipientType: row.recipientType as NotificationResponse['recipientType'],
  dueDate: isoOrNull(row.dueDate),
  reminderFrequency: row.reminderFrequency as NotificationResponse['reminderFrequency'],
  isRead: row.isRead,
  isCompleted: row.isCompleted,
  metadata: row.metadata ?? {},
  deliveredAt: isoOrNull(row.deliveredAt),
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** Opaque keyset cursor: the last row's ordering instant and id. */
export const encodeCursor = (at: Date, id: string) => Buffer.from(`${iso(at)}|${id}`).toString('base64url');

export const decodeCursor = (cursor: string): Cursor => {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new ProblemError(400, 'validation_failed', 'The cursor is not valid.', [
      { path: 'cursor', message: 'Invalid cursor' },
    ]);
  }
  return { at: date, id };
};
