import { type EntryResponse, TRACKER_TITLES } from '@healthfolio/core';
import { ProblemError } from '../../http/problem';
import type { Cursor, EntryRow } from './entries.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

export const presentEntry = (row: EntryRow): EntryResponse => ({
  id: row.id,
  tracker: row.tracker,
  title: TRACKER_TITLES[row.tracker],
  occurredAt: iso(row.occurred_at),
  occurredPrecision: (row.occurred_precision as EntryResponse['occurredPrecision']) ?? null,
  notes: row.notes,
  data: row.data,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** Opaque keyset cursor: the last row's time and id. */
export const encodeCursor = (row: EntryRow) =>
  Buffer.from(`${iso(row.occurred_at)}|${row.id}`).toString('base64url');

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
