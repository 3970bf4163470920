import type { VendorPullProblem, VendorPullSourceResponse, VendorPullVendor } from '@healthfolio/core';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { notFound } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { type Announcer, announceNotices, writeReadings } from '../glucose/write-readings';
import type { DexcomSession, DexcomShareClient } from './dexcom-share.client';
import type { LibreLinkUpClient, LibreSession } from './librelinkup.client';
import { chooseLibrePatient } from './librelinkup-patients';
import { VendorError } from './vendor-error';
import {
  deleteVendorSource,
  leaseVendorSource,
  lockVendorSource,
  recordVendorFailure,
  recordVendorSuccess,
  selectVendorSource,
  upsertVendorSource,
  type VendorSourceRow,
} from './vendor-pull.repository';
import type { PullResult, VendorCredentials } from './vendor-pull.types';
import { openSecret, sealSecret } from './vendor-seal';

export interface VendorPullDeps {
  db: Database;
  notifier: Announcer;
  logger: Logger;
  /** ENCRYPTION_KEY: seals the password and the vendor's session. */
  encryptionKey: string;
  intervalSeconds: number;
  dexcom: DexcomShareClient;
  libre: LibreLinkUpClient;
}

/** Readings go to the glucose store under this source, one per vendor. */
export const VENDOR_SOURCES: Record<VendorPullVendor, string> = {
  'dexcom-share': 'device:dexcom-share',
  librelinkup: 'device:librelinkup',
};
/** Later pulls ask from an hour before the newest reading held (Share keeps a day; the first pull takes it). */
const OVERLAP_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The longest wait between tries after failures in a row; a locked sign-in waits at least this. */
const MAX_BACKOFF_SECONDS = 6 * 3600;
const LOCKED_SECONDS = 15 * 60;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

const present = (vendor: VendorPullVendor, r: VendorSourceRow | undefined): VendorPullSourceResponse => ({
  vendor,
  configured: !!r,
  accountName: r?.accountName ?? null,
  region: r?.region ?? null,
  status: (r?.status as VendorPullSourceResponse['status']) ?? null,
  problem: (r?.problem as VendorPullProblem | null) ?? null,
  lastSyncAt: iso(r?.lastSyncAt),
  lastReadingAt: iso(r?.lastReadingAt),
  lastImported: r?.lastImported ?? null,
  nextSyncAt: iso(r?.nextSyncAt),
  patientName: r?.patientName ?? null,
});

export const getVendorSource = (db: Database, userId: string, vendor: VendorPullVendor) =>
  db.readAsUser(userId, async (tx) => present(vendor, await selectVendorSource(tx, userId, vendor)));

/** Exponential back-off: twice the interval after one failure, four times after two…, six hours at most. */
export const backoffSeconds = (intervalSeconds: number, failuresInARow: number) =>
  Math.min(MAX_BACKOFF_SECONDS, intervalSeconds * 2 ** Math.min(failuresInARow, 16));

const fetchReadings = (
  deps: VendorPullDeps,
  vendor: VendorPullVendor,
  c: VendorCredentials,
  session: unknown,
  sinceMs: number,
  patientId: string | null,
): Promise<PullResult<unknown>> =>
  vendor === 'dexcom-share'
    ? deps.dexcom.pull(c, session as DexcomSession | null, sinceMs)
    : deps.libre.pull(c, session as LibreSession | null, patientId);

/** A sealed value; one sealed under another ENCRYPTION_KEY asks the user for the password again. */
const opened = (deps: VendorPullDeps, sealed: string) => {
  try {
    return openSecret(sealed, deps.encryptionKey);
  } catch {
    throw new VendorError('password_refused', 'sealed with another key');
  }
};

/** A failed pull (or sign-in) kept for the user to see, with the retry time after `failuresBefore` in a row. */
const keepFailure = async (
  deps: VendorPullDeps,
  userId: string,
  vendor: VendorPullVendor,
  failuresBefore: number,
  err: VendorError,
) => {
  const problem: VendorPullProblem = err.problem === 'session_expired' ? 'bad_answer' : err.problem;
  const failures = failuresBefore + 1;
  let retrySeconds: number | null = backoffSeconds(deps.intervalSeconds, failures);
  if (problem === 'locked')
    retrySeconds = Math.max(retrySeconds, Math.ceil((err.retryAfterMs ?? LOCKED_SECONDS * 1000) / 1000));
  // A refused password is not tried again by itself: each try could lock the account at the vendor.
  if (problem === 'password_refused') retrySeconds = null;
  deps.logger.info({ userId, vendor, problem, failures }, 'vendor pull failed');
  await deps.db.asUser(userId, (tx) =>
    recordVendorFailure(tx, userId, vendor, {
      problem,
      retrySeconds,
      dropSession: problem === 'password_refused',
    }),
  );
};

/**
 * Pulls one user's readings from one vendor now. The readings, the audit row of counts and the new
 * sync state commit in one transaction (no network wait inside); a failure is kept for the user to
 * see, with the retry time. Nothing logged names the account, the password or a value.
 */
export const pullVendorSource = async (deps: VendorPullDeps, userId: string, vendor: VendorPullVendor) => {
  const { db } = deps;
  const row = await db.readAsUser(userId, (tx) => selectVendorSource(tx, userId, vendor));
  if (!row) return;
  const sinceMs = row.lastReadingAt ? row.lastReadingAt.getTime() - OVERLAP_MS : Date.now() - DAY_MS;
  let result: PullResult<unknown>;
  try {
    const credentials = {
      accountName: row.accountName,
      password: opened(deps, row.passwordSealed),
      region: row.region,
    };
    const saved = row.sessionSealed ? JSON.parse(opened(deps, row.sessionSealed)) : null;
    result = await fetchReadings(deps, vendor, credentials, saved, sinceMs, row.patientId);
  } catch (err) {
    if (!(err instanceof VendorError)) throw err;
    await keepFailure(deps, userId, vendor, row.failures, err);
    return;
  }
  const list = result.readings.map((r) => ({
    at: new Date(r.atMs).toISOString(),
    mgdl: r.mgdl,
    trend: r.trend,
  }));
  const newestMs = result.readings.length ? Math.max(...result.readings.map((r) => r.atMs)) : null;
  const written = await db.asUser(userId, async (tx) => {
    // An account disconnected or disabled while the vendor answered gets nothing written.
    if (!(await lockVendorSource(tx, userId, vendor))) return { notices: [] };
    const w = await writeReadings(tx, userId, [[VENDOR_SOURCES[vendor], list]]);
    if (list.length)
      await recordAudit(tx, userId, 'import', 'glucose_reading', null, {
        source: `${vendor}-pull`,
        received: list.length,
        stored: w.inserted,
        duplicates: list.length - w.future - w.inserted,
      });
    await recordVendorSuccess(tx, userId, vendor, {
      imported: w.inserted,
      newestMs,
      sessionSealed: sealSecret(JSON.stringify(result.session), deps.encryptionKey),
      region: result.region,
      nextSeconds: deps.intervalSeconds,
    });
    return w;
  });
  await announceNotices(deps.notifier, userId, written.notices);
  if ('inserted' in written && written.inserted) await deps.notifier.dataChanged?.(userId);
};

/** Saves the account (the password sealed) and pulls at once, so the user sees whether it works. */
export const saveVendorSource = async (
  deps: VendorPullDeps,
  userId: string,
  vendor: VendorPullVendor,
  req: { accountName: string; password: string; region?: string; patientId?: string },
) => {
  // LibreLinkUp: who the account follows is asked first; several answer 409 for the user to choose,
  // unless this same account already chose (a new password keeps whose readings they are).
  const saved =
    vendor === 'librelinkup'
      ? await deps.db.readAsUser(userId, (tx) => selectVendorSource(tx, userId, vendor))
      : undefined;
  const sameAccount = saved?.accountName.toLowerCase() === req.accountName.toLowerCase();
  const chosen =
    vendor === 'librelinkup'
      ? await chooseLibrePatient(deps, req, sameAccount ? (saved?.patientId ?? null) : null)
      : { patientId: null, patientName: null, session: null };
  const passwordSealed = sealSecret(req.password, deps.encryptionKey);
  await deps.db.asUser(userId, async (tx) => {
    await upsertVendorSource(tx, {
      userId,
      vendor,
      accountName: req.accountName,
      region: req.region ?? null,
      passwordSealed,
      patientId: chosen.patientId,
      patientName: chosen.patientName,
      sessionSealed: chosen.session && sealSecret(JSON.stringify(chosen.session), deps.encryptionKey),
    });
    await recordAudit(tx, userId, 'update', 'vendor_pull_source', null, { vendor });
  });
  // A sign-in the vendor refused is kept as the first pull's failure, not tried a second time.
  if (chosen.failure) {
    await keepFailure(deps, userId, vendor, 0, chosen.failure);
    return getVendorSource(deps.db, userId, vendor);
  }
  return pullVendorNow(deps, userId, vendor);
};

/** "Pull now": holds the source (as the scheduler's claim does), pulls, answers the new state. */
export const pullVendorNow = async (deps: VendorPullDeps, userId: string, vendor: VendorPullVendor) => {
  const held = await deps.db.asUser(userId, (tx) =>
    leaseVendorSource(tx, userId, vendor, deps.intervalSeconds),
  );
  if (!held) throw notFound('This account is not connected');
  await pullVendorSource(deps, userId, vendor);
  return getVendorSource(deps.db, userId, vendor);
};

export const removeVendorSource = (db: Database, userId: string, vendor: VendorPullVendor) =>
  db.asUser(userId, async (tx) => {
    if (!(await deleteVendorSource(tx, userId, vendor))) throw notFound('This account is not connected');
    await recordAudit(tx, userId, 'delete', 'vendor_pull_source', null, { vendor });
  });
