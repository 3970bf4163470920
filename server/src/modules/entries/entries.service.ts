import { randomUUID } from 'node:crypto';
import {
  BloodGlucoseData,
  DATE_AND_TIME_REQUIRED,
  datedAsGiven,
  type EntryCreateRequest,
  type EntryListQuery,
  type EntryListResponse,
  type EntryUpdateRequest,
  MS_PER_DAY,
  TRACKER_DATA,
  type TrackerKey,
} from '@healthfolio/core';
import type { AppDeps } from '../../app-deps';
import type { Database, Tx } from '../../db/database';
import { notFound, ProblemError, zodIssues } from '../../http/problem';
import { deleteMealPhoto, withAiProvenance } from '../ai/meal-analysis.service';
import { alarmsAfterGlucoseWrite, alarmsAfterReadingDeleted } from '../alarms/alarm-judge';
import { changedBetween, recordAudit } from '../audit/audit.service';
import { assertDoseAllowed } from '../dosing/dose-guard';
import { type Announcer, announceNotices } from '../hypo/announce';
import { followUpAfterGlucoseWrite, followUpAfterReadingDeleted } from '../hypo/glucose-written';
import { assertDatedNotInFuture } from '../profiles/dated-in-zone';
import {
  insertThenCommit,
  insertWithUnlocks,
  storeUnlocksAfter,
  syncAchievementUnlocks,
} from './achievements.service';
import { claimClientId, entryOfClientId } from './client-ids.repository';
import { decodeCursor, encodeCursor, presentEntry } from './entries.presenter';
import {
  deleteEntryRow,
  insertGlucoseEntryRow,
  insertTrackerEntryRow,
  selectEntries,
  selectEntry,
  updateGlucoseEntry,
  updateTrackerEntry,
} from './entries.repository';

/** A tracker entry's row as it will be stored (a dose checked against the settings, a meal's AI note). */
const trackerRow = async (
  tx: Tx,
  userId: string,
  req: Exclude<EntryCreateRequest, { tracker: 'blood-glucose' }>,
) => {
  // A date alone is dated by its day, which may be today in the person's zone, not tomorrow.
  const occurred = datedAsGiven(req.occurredAt);
  await assertDatedNotInFuture(tx, userId, occurred, 'occurredAt');
  if (req.tracker === 'insulin') await assertDoseAllowed(tx, userId, req.data);
  const data = req.tracker === 'meal' ? await withAiProvenance(tx, userId, req.data) : req.data;
  return {
    userId,
    tracker: req.tracker,
    occurredAt: new Date(occurred.at),
    occurredPrecision: occurred.precision,
    notes: req.notes?.trim() || null,
    data,
  };
};

/** A glucose reading logged by hand, stored as `id`; what it unlocks is read in the insert's round trip. */
const insertGlucose = (
  tx: Tx,
  userId: string,
  req: Extract<EntryCreateRequest, { tracker: 'blood-glucose' }>,
  id: string,
) => {
  const recordedAt = new Date(req.occurredAt);
  const { glucose, timing, carbsConsumed } = req.data;
  return insertWithUnlocks(tx, userId, recordedAt, () =>
    insertGlucoseEntryRow(tx, {
      id,
      userId,
      recordedAt,
      valueMgdl: glucose,
      mealContext: timing,
      carbsConsumed,
      notes: req.notes?.trim() || null,
    }),
  );
};

/**
 * A tracker entry (not a glucose reading) as its transaction's last statement: the audit row names
 * its id before it is stored, so the insert, the unlock view, the audit row and the commit go in one
 * round trip (PostgreSQL); what it unlocks is stored after the commit.
 */
const insertTrackerEntryLast = async (
  tx: Tx,
  userId: string,
  req: Exclude<EntryCreateRequest, { tracker: 'blood-glucose' }>,
  id: string,
) => {
  const row = { ...(await trackerRow(tx, userId, req)), id };
  await recordAudit(tx, userId, 'create', 'entry', id, { tracker: req.tracker });
  const { result, unlocks } = await insertThenCommit(tx, userId, row.occurredAt, () =>
    insertTrackerEntryRow(tx, row),
  );
  return { entry: presentEntry(result), notices: [] as string[], created: true, unlocks };
};

/** A replay of an entry queued offline: the entry its first send created. */
const replayed = async (tx: Tx, userId: string, clientId: string) => {
  const id = await entryOfClientId(tx, userId, clientId);
  const row = id ? await selectEntry(tx, userId, id) : undefined;
  if (!row)
    throw new ProblemError(
      409,
      'entry_already_sent',
      'This entry was already sent and has since been deleted.',
    );
  return presentEntry(row);
};

/** An A1C result is a lab result (LOINC 4548-4), kept in the lab results: never a tracker entry. */
export const A1C_IS_A_LAB_RESULT =
  'An A1C result is a lab result: add it on the A1C Tracker or Lab Results page.';

/** `created` is false when `clientId` named an entry already sent (the answer is that entry). */
export const createEntry = async (
  db: Database,
  userId: string,
  req: EntryCreateRequest,
  notifier: Announcer,
) => {
  if (req.tracker === 'a1c')
    throw new ProblemError(400, 'validation_failed', A1C_IS_A_LAB_RESULT, [
      { path: 'tracker', message: A1C_IS_A_LAB_RESULT },
    ]);
  // A manual reading never collides with another (a re-check in the same minute is a second reading).
  const { entry, notices, created, unlocks } = await db.asUser(userId, async (tx) => {
    // The entry's id, chosen here: the offline queue's claim and the audit row name it before the insert.
    const id = randomUUID();
    if (req.clientId && !(await claimClientId(tx, userId, req.clientId, id)))
      return { entry: await replayed(tx, userId, req.clientId), notices: [], created: false, unlocks: [] };
    if (req.tracker !== 'blood-glucose') return insertTrackerEntryLast(tx, userId, req, id);
    const row = await insertGlucose(tx, userId, req, id);
    const notices = await alarmsAfterGlucoseWrite(tx, userId, await followUpAfterGlucoseWrite(tx, userId));
    // The row as stored (what a read-back would answer: no later statement changes it).
    const entry = presentEntry(row);
    // Last, just before the commit: the user's audit chain head is locked from here to the commit.
    await recordAudit(tx, userId, 'create', 'entry', row.id, { tracker: req.tracker });
    return { entry, notices, created: true, unlocks: [] };
  });
  await storeUnlocksAfter(db, userId, unlocks);
  await announceNotices(notifier, userId, notices);
  return { entry, created };
};

export const listEntries = (db: Database, userId: string, q: EntryListQuery): Promise<EntryListResponse> =>
  db.readAsUser(userId, async (tx) => {
    const from = q.days ? new Date(Date.now() - q.days * MS_PER_DAY).toISOString() : q.from;
    const rows = await selectEntries(
      tx,
      userId,
      { ...q, from },
      q.cursor ? decodeCursor(q.cursor) : undefined,
    );
    const page = rows.slice(0, q.limit);
    return {
      items: page.map(presentEntry),
      nextCursor: rows.length > q.limit ? encodeCursor(page.at(-1)!) : null,
    };
  });

export const getEntry = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    const row = await selectEntry(tx, userId, id);
    if (!row) throw notFound('No entry with this id');
    await recordAudit(tx, userId, 'read', 'entry', id);
    return presentEntry(row);
  });

const dateAndTimeRequired = () =>
  new ProblemError(400, 'validation_failed', DATE_AND_TIME_REQUIRED, [
    { path: 'occurredAt', message: DATE_AND_TIME_REQUIRED },
  ]);

const validData = (tracker: TrackerKey, data: unknown) => {
  const parsed = TRACKER_DATA[tracker].safeParse(data);
  if (!parsed.success) {
    const errors = zodIssues(parsed.error).map((e) => ({ ...e, path: `data.${e.path}` }));
    throw new ProblemError(
      400,
      'validation_failed',
      'The request is not valid. See errors for each problem.',
      errors,
    );
  }
  return parsed.data as Record<string, unknown>;
};

export const updateEntry = async (
  db: Database,
  userId: string,
  id: string,
  patch: EntryUpdateRequest,
  notifier: Announcer,
) => {
  const { entry, notices } = await db.asUser(userId, async (tx) => {
    let notices: string[] = [];
    const existing = await selectEntry(tx, userId, id);
    if (!existing) throw notFound('No entry with this id');
    const occurred = patch.occurredAt ? datedAsGiven(patch.occurredAt) : undefined;
    const notes = patch.notes === undefined ? undefined : patch.notes?.trim() || null;
    if (existing.tracker === 'blood-glucose') {
      // A reading is kept with its time: its table holds no date of a day alone.
      if (occurred?.precision) throw dateAndTimeRequired();
      const data = patch.data ? BloodGlucoseData.parse(validData('blood-glucose', patch.data)) : undefined;
      await updateGlucoseEntry(tx, userId, id, {
        recordedAt: occurred && new Date(occurred.at),
        notes,
        ...(data
          ? {
              valueMgdl: data.glucose,
              mealContext: data.timing ?? null,
              carbsConsumed: data.carbsConsumed ?? null,
            }
          : {}),
      });
      notices = await alarmsAfterGlucoseWrite(tx, userId, await followUpAfterGlucoseWrite(tx, userId));
    } else {
      let data = patch.data ? validData(existing.tracker, patch.data) : undefined;
      if (data && existing.tracker === 'insulin') await assertDoseAllowed(tx, userId, data);
      if (data && existing.tracker === 'meal') data = await withAiProvenance(tx, userId, data);
      if (occurred) await assertDatedNotInFuture(tx, userId, occurred, 'occurredAt');
      // The same time sent back (an edit of the notes) keeps an imported entry's day, month or year; a
      // date alone dates it by that day, another time makes it a timed entry.
      const same =
        occurred &&
        !occurred.precision &&
        new Date(occurred.at).getTime() === new Date(existing.occurred_at).getTime();
      await updateTrackerEntry(tx, userId, id, {
        occurred:
          occurred && !same ? { at: new Date(occurred.at), precision: occurred.precision } : undefined,
        notes,
        data,
      });
    }
    await syncAchievementUnlocks(tx, userId);
    const entry = presentEntry((await selectEntry(tx, userId, id))!);
    await recordAudit(tx, userId, 'update', 'entry', id, {
      fields: changedBetween(patch, presentEntry(existing), entry),
    });
    return { entry, notices };
  });
  await announceNotices(notifier, userId, notices);
  return entry;
};

/** Deletes the entry; a meal's stored photo (the analysis it cited) goes with it. */
export const deleteEntry = async (
  { db, storage }: Pick<AppDeps, 'db' | 'storage'>,
  userId: string,
  id: string,
) => {
  const mealPhotoId = await db.asUser(userId, async (tx) => {
    const existing = await selectEntry(tx, userId, id);
    if (!existing || !(await deleteEntryRow(tx, userId, id))) throw notFound('No entry with this id');
    await recordAudit(tx, userId, 'delete', 'entry', id);
    if (existing.tracker === 'blood-glucose') {
      await followUpAfterReadingDeleted(tx, userId, new Date(existing.occurred_at));
      await alarmsAfterReadingDeleted(tx, userId);
    }
    const photo = existing.tracker === 'meal' ? existing.data.mealPhotoId : undefined;
    return typeof photo === 'string' ? photo : null;
  });
  // The meal is gone either way; a photo that could not be deleted now is still named by its analysis,
  // so the hourly sweep (jobs/file-sweeps.ts) deletes it later.
  if (mealPhotoId) await deleteMealPhoto({ db, storage }, userId, mealPhotoId).catch(() => false);
};
