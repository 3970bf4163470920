import {
  type HealthSystemConnection,
  type HealthSystemConnectionsResponse,
  type HealthSystemKind,
  type HealthSystemSyncProblem,
  healthSystemProblemWords,
} from '@healthfolio/core';
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Database } from '../../db/database';
import { healthSystemConnections } from '../../db/schema';
import { notFound } from '../../http/problem';
import { enqueueJob } from '../../jobs/job-queue';
import { repeatEvery } from '../../jobs/repeat';
import { recordAudit } from '../audit/audit.service';
import { type HealthSystemsDeps, oauthFor, openTokens } from './health-systems.deps';
import { HEALTH_SYSTEM_SYNC_JOB, SYNC_ATTEMPTS } from './health-systems.sync-job';

type Row = typeof healthSystemConnections.$inferSelect;

const present = (r: Row): HealthSystemConnection => ({
  id: r.id,
  name: r.name,
  kind: r.kind as HealthSystemKind,
  fhirBaseUrl: r.fhirBaseUrl,
  status: r.status as HealthSystemConnection['status'],
  lastSyncAt: r.lastSyncAt?.toISOString() ?? null,
  lastSync: r.lastSync ?? null,
  error: r.problem
    ? healthSystemProblemWords(r.problem as HealthSystemSyncProblem, r.kind as HealthSystemKind)
    : null,
  progress: r.status === 'syncing' ? (r.progress ?? { done: 0, total: null }) : null,
  scopes: r.scopes,
  connectedAt: r.connectedAt.toISOString(),
});

export const listConnections = async (
  db: Database,
  personId: string,
): Promise<HealthSystemConnectionsResponse> => {
  const rows = await db.readAsUser(personId, (tx) =>
    tx
      .select()
      .from(healthSystemConnections)
      .where(eq(healthSystemConnections.userId, personId))
      .orderBy(asc(healthSystemConnections.name), asc(healthSystemConnections.id)),
  );
  return { connections: rows.map(present) };
};

/** "Sync now": queues a sync (202); a connection that must be connected again answers as it is. */
export const requestSync = (db: Database, personId: string, id: string) =>
  db.asUser(personId, async (tx) => {
    const [row] = await tx
      .update(healthSystemConnections)
      .set({
        status: sql`case when ${healthSystemConnections.tokensSealed} is null then ${healthSystemConnections.status} else 'syncing' end`,
      })
      .where(and(eq(healthSystemConnections.id, id), eq(healthSystemConnections.userId, personId)))
      .returning();
    if (!row) throw notFound('No such connection');
    if (!row.tokensSealed) return;
    await enqueueJob(tx, {
      kind: HEALTH_SYSTEM_SYNC_JOB,
      userId: personId,
      payload: { connectionId: id },
      maxAttempts: SYNC_ATTEMPTS,
    });
  });

/**
 * Disconnect: the tokens are revoked at the server where it offers revocation (refresh token first,
 * then the access token; a server that fails to answer does not keep the connection here), then the
 * connection and its sealed tokens are deleted. Imported records stay.
 */
export const disconnect = async (deps: HealthSystemsDeps, personId: string, id: string) => {
  const [row] = await deps.db.readAsUser(personId, (tx) =>
    tx
      .select()
      .from(healthSystemConnections)
      .where(and(eq(healthSystemConnections.id, id), eq(healthSystemConnections.userId, personId))),
  );
  if (!row) throw notFound('No such connection');
  let revoked = false;
  if (row.tokensSealed && row.revocationEndpoint) {
    const tokens = openTokens(row.tokensSealed, deps.encryptionKey);
    try {
      const config = await oauthFor(
        deps,
        {
          fhirBaseUrl: row.fhirBaseUrl,
          authorizationEndpoint: row.tokenEndpoint,
          tokenEndpoint: row.tokenEndpoint,
          revocationEndpoint: row.revocationEndpoint,
        },
        row,
      );
      if (tokens.refreshToken)
        await oidc.tokenRevocation(config, tokens.refreshToken, { token_type_hint: 'refresh_token' });
      await oidc.tokenRevocation(config, tokens.accessToken, { token_type_hint: 'access_token' });
      revoked = true;
    } catch (err) {
      deps.logger.warn({ err: { name: (err as Error).name } }, 'health system token revocation failed');
    }
  }
  await deps.db.asUser(personId, async (tx) => {
    await tx.delete(healthSystemConnections).where(eq(healthSystemConnections.id, id));
    await recordAudit(tx, personId, 'delete', 'health_system_connection', id, { revoked });
  });
};

/**
 * The nightly incremental sync: queues a sync for every connection whose time has come (and that
 * still holds tokens), and sets its next one a day later. Claimed with SKIP LOCKED, so two
 * processes do not both queue one.
 */
export const queueDueSyncs = (db: Database, now = new Date()) =>
  db.asSystem(async (tx) => {
    const c = healthSystemConnections;
    const due = await tx
      .select({ id: c.id, userId: c.userId })
      .from(c)
      .where(and(lte(c.nextSyncAt, now), isNotNull(c.tokensSealed)))
      .limit(500)
      .for('update', { skipLocked: true });
    for (const d of due) {
      await tx
        .update(c)
        .set({ nextSyncAt: new Date(now.getTime() + 86_400_000), status: 'syncing' })
        .where(eq(c.id, d.id));
      await enqueueJob(tx, {
        kind: HEALTH_SYSTEM_SYNC_JOB,
        userId: d.userId,
        payload: { connectionId: d.id },
        maxAttempts: SYNC_ATTEMPTS,
      });
    }
    return due.length;
  });

/** The clock of the nightly sync: hourly, it queues the connections whose day has passed. */
export const createHealthSystemsScheduler = (deps: {
  db: Database;
  logger: { error(obj: unknown, msg: string): void };
  jobs: { wake(): void };
}) =>
  repeatEvery(
    3_600_000,
    async () => {
      if ((await queueDueSyncs(deps.db)) > 0) deps.jobs.wake();
    },
    (err) => deps.logger.error({ err }, 'health system sync scheduling failed'),
  );
