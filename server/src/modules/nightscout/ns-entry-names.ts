import { createHash } from 'node:crypto';

/**
 * How a reading is named to Nightscout clients, wherever it is answered (API v1, v3's documents, an
 * upload's answer, the follower socket's `sgvs` and `mbgs`): its `_id` and its `device`. A follower
 * that merges the REST answers and the socket's (LoopFollow, Nightguard, Nightscout's web client)
 * must see one id and one device for one reading.
 */

/** Nightscout documents have a 24-hex `_id`; ours is derived, so a replay answers the same one. */
export const nsId = (...parts: (string | number)[]) =>
  createHash('sha1').update(parts.join('|')).digest('hex').slice(0, 24);

/**
 * An entry's `_id`, shaped as a MongoDB ObjectId is: its first 8 hex digits are the reading's second
 * (so `entries/{id}` finds it through the time index), the rest derived from the user, time and
 * where it is kept (its source), so a replay answers the same one, and a read the one the upload did.
 */
export const entryId = (userId: string, atMs: number, source: string) =>
  Math.floor(atMs / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8) + nsId(userId, atMs, source).slice(0, 16);

/** The `_id` of a stored reading (a `glucose_readings` row). */
export const storedEntryId = (userId: string, row: { recorded_at: Date | string; source: string }) =>
  entryId(userId, new Date(row.recorded_at).getTime(), row.source);

/** What an entry `_id` looks like (an ObjectId's 24 hex digits). */
export const ENTRY_ID = /^[a-f\d]{24}$/;

/** The second an entry `_id` names, as epoch ms. */
export const entryIdSecond = (id: string) => Number.parseInt(id.slice(0, 8), 16) * 1000;

/** Where uploaded sensor readings are kept: the uploading device is part of the idempotency key. */
export const UPLOAD_SOURCE_PREFIX = 'device:nightscout:';

/**
 * The `device` a stored reading is answered with: an uploaded sensor reading's uploader as it named
 * itself; anything else by where Healthfolio keeps it (a fingerstick is `healthfolio-meter`, whichever
 * app sent it: it never claims to be the sensor).
 */
export const entryDevice = (source: string) =>
  source.startsWith(UPLOAD_SOURCE_PREFIX)
    ? source.slice(UPLOAD_SOURCE_PREFIX.length)
    : `healthfolio-${source}`;
