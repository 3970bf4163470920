import {
  ACCESS_LEVEL_HISTORY_DAYS,
  type AccessLevel,
  DOSE_STATUSES,
  LAB_DOCUMENT_CATEGORIES,
  SHARE_CATEGORY_TRACKERS,
  SHARE_LINK_INVALID,
  type ShareCategory,
  type SharedAppointmentsResponse,
  type SharedDocumentsResponse,
  type SharedHealthResponse,
  type SharedLabResultsResponse,
  type SharedMedicationsResponse,
  type SharedOverviewResponse,
  type TrackerKey,
} from '@healthfolio/core';
import type { Database, Tx } from '../../db/database';
import type { SessionUser } from '../../http/context';
import { ProblemError } from '../../http/problem';
import { presentAppointment } from '../appointments/appointments.presenter';
import { selectAppointments } from '../appointments/appointments.repository';
import { recordAudit } from '../audit/audit.service';
import { presentEntry } from '../entries/entries.presenter';
import { selectEntries } from '../entries/entries.repository';
import { seriesIn } from '../glucose/glucose.service';
import { presentLabResult } from '../labs/labs.presenter';
import { selectLabResults } from '../labs/labs.repository';
import { presentDose } from '../medications/medications.service';
import type { LiveNotifier } from '../notifications/live-notifications.service';
import { selectDoses } from '../notifications/notifications.repository';
import { hashShareToken, SHARE_TOKEN_PATTERN, sameHash } from './share-token';
import { listSharedDocuments } from './shared-documents';
import { markAccessed, selectUsableShare } from './sharing.repository';

const DAY_MS = 86_400_000;

/** Unknown, malformed, expired and revoked links all get exactly this answer. */
export const invalidLink = () => new ProblemError(404, 'share_link_invalid', SHARE_LINK_INVALID);

const notShared = () => new ProblemError(404, 'not_shared', 'This category is not shared with you.');

const signInRequired = () =>
  new ProblemError(
    401,
    'share_sign_in_required',
    'Sign in with the email address this was shared with to open it.',
  );

export type OpenedShare = NonNullable<Awaited<ReturnType<typeof selectUsableShare>>>;

/** What a caregiver's request opened: `overview` or one category. */
export type SharedView = 'overview' | ShareCategory;

/** The usable share behind the token, checked for the sign-in binding and the category; null = not valid. */
const resolveShare = async (tx: Tx, token: string, viewer: SessionUser | null, view: SharedView) => {
  const wellFormed = SHARE_TOKEN_PATTERN.test(token);
  // A malformed token is hashed and looked up like any other, so it costs the same.
  const hash = hashShareToken(wellFormed ? token : `invalid:${token.slice(0, 100)}`);
  const share = await selectUsableShare(tx, hash);
  if (!share || !wellFormed || !sameHash(share.tokenHash, hash)) return null;
  if (share.requireSignIn) {
    const ok =
      viewer?.emailVerified &&
      viewer.email.toLowerCase() === share.sharedWithEmail &&
      (!share.boundUserId || share.boundUserId === viewer.id);
    if (!ok) throw signInRequired();
  }
  if (view !== 'overview' && !share.categories.includes(view)) throw notShared();
  return share;
};

/** Records a read: last access, pending → active, the audit row with the request's IP and user agent. */
const recordRead = async (
  tx: Tx,
  share: OpenedShare,
  viewer: SessionUser | null,
  details: { viewed: SharedView } & Record<string, unknown>,
) => {
  const marked = await markAccessed(tx, share.id, share.requireSignIn ? viewer!.id : null);
  await recordAudit(tx, share.userId, 'read', 'shared_access', share.id, details);
  return { share: { ...share, lastAccessedAt: marked.lastAccessedAt }, first: !share.firstAccessedAt };
};

/** The owner hears the first time a share is opened. */
const announce = async (
  notifier: LiveNotifier,
  opened: { share: OpenedShare; first: boolean },
  db: Database,
) => {
  if (!opened.first) return;
  const who = opened.share.sharedWithName ?? opened.share.sharedWithEmail;
  await notifier.send(
    {
      userId: opened.share.userId,
      title: 'Shared link opened',
      content: `${who} opened the health information you shared for the first time.`,
      metadata: { share_id: opened.share.id },
    },
    db,
  );
};

/**
 * Every caregiver request starts here: finds the usable share behind the token (one query, the same
 * for every wrong token), checks the category and the sign-in binding, then records the read, in one
 * transaction.
 */
export const openShare = async (
  db: Database,
  notifier: LiveNotifier,
  token: string,
  viewer: SessionUser | null,
  view: SharedView,
): Promise<OpenedShare> => {
  const opened = await db.asSystem(async (tx) => {
    const share = await resolveShare(tx, token, viewer, view);
    return share && recordRead(tx, share, viewer, { viewed: view });
  });
  if (!opened) throw invalidLink();
  await announce(notifier, opened, db);
  return opened.share;
};

/**
 * A caregiver's read of one record behind the share (a document's file): checked like `openShare`,
 * then `read` runs (in the share's scope, refusing with `invalidLink`), and only a read that succeeded
 * is recorded, its audit row naming what was read (`details`: ids, never titles or values).
 */
export const readThroughShare = async <T>(
  db: Database,
  notifier: LiveNotifier,
  request: { token: string; viewer: SessionUser | null; view: ShareCategory },
  read: (share: OpenedShare) => Promise<{ value: T; details: Record<string, unknown> }>,
): Promise<T> => {
  const share = await db.asSystem((tx) => resolveShare(tx, request.token, request.viewer, request.view));
  if (!share) throw invalidLink();
  const { value, details } = await read(share);
  const opened = await db.asSystem((tx) =>
    recordRead(tx, share, request.viewer, { ...details, viewed: request.view }),
  );
  await announce(notifier, opened, db);
  return value;
};

const historyDays = (s: OpenedShare) => ACCESS_LEVEL_HISTORY_DAYS[s.accessType as AccessLevel];

export const sharedOverview = (s: OpenedShare): SharedOverviewResponse => ({
  ownerName: s.ownerName,
  glucoseUnit: s.glucoseUnit,
  timeZone: s.timeZone,
  accessType: s.accessType as AccessLevel,
  historyDays: historyDays(s),
  categories: s.categories,
  expiresAt: s.expiresAt?.toISOString() ?? null,
});

/** Newest entries of each tracker, read in the share's scope (the database decides what is visible). */
const entriesOf = async (tx: Tx, ownerId: string, trackers: readonly TrackerKey[], limit = 100) => {
  const out = [];
  for (const tracker of trackers)
    out.push(...(await selectEntries(tx, ownerId, { tracker, order: 'desc', limit })).slice(0, limit));
  return out.map(presentEntry);
};

export const sharedHealth = (db: Database, s: OpenedShare): Promise<SharedHealthResponse> =>
  db.asShare(s.id, async (tx) => {
    const days = Math.min(historyDays(s) ?? 90, 90);
    return {
      entries: await entriesOf(tx, s.userId, ['blood-glucose', ...SHARE_CATEGORY_TRACKERS.health_metrics]),
      glucose: await seriesIn(tx, s.userId, {
        from: new Date(Date.now() - days * DAY_MS).toISOString(),
        maxPoints: 500,
      }),
    };
  });

/** Schedules (doses from 30 days back to 7 days ahead), their adherence, and logged doses. */
export const sharedMedications = (db: Database, s: OpenedShare): Promise<SharedMedicationsResponse> =>
  db.asShare(s.id, async (tx) => {
    const now = new Date();
    const rows = await selectDoses(tx, s.userId, {
      from: new Date(now.getTime() - 30 * DAY_MS).toISOString(),
      to: new Date(now.getTime() + 7 * DAY_MS).toISOString(),
      limit: 999,
    });
    const doses = rows.map((r) => presentDose(r, now));
    const adherence = Object.fromEntries(
      DOSE_STATUSES.map((st) => [st, doses.filter((d) => d.status === st).length]),
    ) as SharedMedicationsResponse['adherence'];
    return { doses, adherence, entries: await entriesOf(tx, s.userId, SHARE_CATEGORY_TRACKERS.medications) };
  });

export const sharedAppointments = (db: Database, s: OpenedShare): Promise<SharedAppointmentsResponse> =>
  db.asShare(s.id, async (tx) => ({
    items: [
      ...(await selectAppointments(tx, s.userId, 'upcoming', 100)),
      ...(await selectAppointments(tx, s.userId, 'past', 100)),
    ].map(presentAppointment),
  }));

export const sharedLabResults = (db: Database, s: OpenedShare): Promise<SharedLabResultsResponse> =>
  db.asShare(s.id, async (tx) => ({
    results: (await selectLabResults(tx, s.userId, { limit: 1000 })).map(presentLabResult),
    documents: await listSharedDocuments(tx, s.userId, LAB_DOCUMENT_CATEGORIES),
  }));

export const sharedDocuments = (db: Database, s: OpenedShare): Promise<SharedDocumentsResponse> =>
  db.asShare(s.id, async (tx) => ({ items: await listSharedDocuments(tx, s.userId) }));
