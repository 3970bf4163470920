import type { NightscoutSourceRequest, NightscoutSourceResponse } from '@healthfolio/core';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import type { OutboundClient } from '../../http/outbound';
import { notFound, ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { type Announcer, announceNotices, writeReadings } from '../glucose/write-readings';
import { checkSiteAddress, fetchSgvPage, NightscoutError, PAGE_SIZE } from './nightscout.client';
import {
  deleteSource,
  recordSync,
  type SourceRow,
  selectSource,
  upsertSource,
} from './nightscout-source.repository';
import { parseEntries } from './ns-payload';
import { uploadSource } from './ns-upload.service';

export interface PullDeps {
  db: Database;
  notifier: Announcer;
  logger: Logger;
  /** Encrypts the stored token or secret, as better-auth encrypts OAuth tokens. */
  secret: string;
  intervalSeconds: number;
  /** Every request to the user's site goes through it (http/outbound.ts). */
  outbound: OutboundClient;
}

/** The first pull reaches this far back; later ones from the newest reading, with an hour's overlap. */
export const FIRST_PULL_DAYS = 14;
const OVERLAP_MS = 3_600_000;
/** Pages per pull (1,000 readings each): two weeks of 1-minute data; the rest comes next time. */
const MAX_PAGES = 20;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

const present = (r: SourceRow | undefined): NightscoutSourceResponse =>
  r
    ? {
        configured: true,
        siteUrl: r.siteUrl,
        credentialKind: r.credentialKind as 'token' | 'api_secret',
        status: r.status as 'pending' | 'ok' | 'error',
        lastError: r.lastError,
        lastSyncAt: iso(r.lastSyncAt),
        lastReadingAt: iso(r.lastReadingAt),
        lastImported: r.lastImported,
        nextSyncAt: iso(r.nextSyncAt),
      }
    : {
        configured: false,
        siteUrl: null,
        credentialKind: null,
        status: null,
        lastError: null,
        lastSyncAt: null,
        lastReadingAt: null,
        lastImported: null,
        nextSyncAt: null,
      };

export const getSource = (db: Database, userId: string) =>
  db.asUser(userId, async (tx) => present(await selectSource(tx, userId)));

/** Pulls one user's readings now; the outcome (or the reason it failed) is kept for them to see. */
export const pullSource = async (deps: PullDeps, userId: string) => {
  const { db } = deps;
  const row = await db.asUser(userId, (tx) => selectSource(tx, userId));
  if (!row) return;
  try {
    await checkSiteAddress(deps.outbound, row.siteUrl);
    const credential = {
      kind: row.credentialKind as 'token' | 'api_secret',
      value: await symmetricDecrypt({ key: deps.secret, data: row.credentialEncrypted }),
    };
    const sinceMs = row.lastReadingAt
      ? row.lastReadingAt.getTime() - OVERLAP_MS
      : Date.now() - FIRST_PULL_DAYS * 86_400_000;
    let beforeMs: number | undefined;
    let imported = 0;
    let newest: number | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const docs = await fetchSgvPage(deps.outbound, row.siteUrl, credential, { sinceMs, beforeMs });
      const { readings } = parseEntries(docs);
      const bySource = new Map<string, { at: string; mgdl: number; trend: string | null }[]>();
      for (const r of readings) {
        if (r.kind !== 'sgv') continue;
        const list = bySource.get(uploadSource(r.device)) ?? [];
        list.push({ at: new Date(r.atMs).toISOString(), mgdl: r.mgdl, trend: r.direction });
        bySource.set(uploadSource(r.device), list);
        newest = Math.max(newest ?? 0, r.atMs);
      }
      // A page is a batch: its readings and its audit row commit together (no network wait inside).
      const written = await db.asUser(userId, async (tx) => {
        const w = await writeReadings(tx, userId, bySource);
        const received = [...bySource.values()].reduce((n, list) => n + list.length, 0);
        if (received)
          await recordAudit(tx, userId, 'import', 'glucose_reading', null, {
            source: 'nightscout-pull',
            received,
            stored: w.inserted,
            duplicates: received - w.future - w.inserted,
          });
        return w;
      });
      await announceNotices(deps.notifier, userId, written.notices);
      if (written.inserted) await deps.notifier.dataChanged?.(userId);
      imported += written.inserted;
      const oldest = Math.min(...readings.map((r) => r.atMs));
      if (docs.length < PAGE_SIZE || !Number.isFinite(oldest) || oldest <= sinceMs) break;
      beforeMs = oldest;
    }
    await db.asUser(userId, (tx) =>
      recordSync(tx, userId, { ok: true, imported, lastReadingAt: newest ? new Date(newest) : null }),
    );
  } catch (err) {
    if (!(err instanceof NightscoutError)) throw err;
    deps.logger.info({ userId, code: err.code }, 'nightscout pull failed');
    await db.asUser(userId, (tx) => recordSync(tx, userId, { ok: false, error: err.message }));
  }
};

/** Saves the site (the token or secret encrypted) and pulls at once, so the user sees whether it works. */
export const saveSource = async (deps: PullDeps, userId: string, req: NightscoutSourceRequest) => {
  try {
    await checkSiteAddress(deps.outbound, req.siteUrl);
  } catch (err) {
    if (!(err instanceof NightscoutError)) throw err;
    throw new ProblemError(400, err.code, err.message, [{ path: 'siteUrl', message: err.message }]);
  }
  const credentialEncrypted = await symmetricEncrypt({ key: deps.secret, data: req.credential });
  await deps.db.asUser(userId, async (tx) => {
    await upsertSource(tx, {
      userId,
      siteUrl: req.siteUrl.replace(/\/+$/, ''),
      credentialKind: req.credentialKind,
      credentialEncrypted,
    });
    await recordAudit(tx, userId, 'update', 'nightscout_source');
  });
  return syncNow(deps, userId);
};

export const syncNow = async (deps: PullDeps, userId: string) => {
  const moved = await deps.db.asUser(userId, (tx) =>
    tx.execute(sql`update nightscout_sources set next_sync_at = now() + make_interval(secs => ${deps.intervalSeconds})
      where user_id = ${userId} returning user_id`),
  );
  if (!moved.rows.length) throw notFound('No Nightscout site is set up');
  await pullSource(deps, userId);
  return getSource(deps.db, userId);
};

export const removeSource = (db: Database, userId: string) =>
  db.asUser(userId, async (tx) => {
    if (!(await deleteSource(tx, userId))) throw notFound('No Nightscout site is set up');
    await recordAudit(tx, userId, 'delete', 'nightscout_source');
  });
