import { Readable } from 'node:stream';
import { RECORD_IMPORT_GROUPS, sanitizeFileName } from '@healthfolio/core';
import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Tx } from '../../db/database';
import { documents, healthSystemConnections } from '../../db/schema';
import type { JobHandler } from '../../jobs/job-queue';
import { recordAudit } from '../audit/audit.service';
import { planFhirResources, writeFhirPlan } from '../record-import/import-resources';
import { foundCounts } from '../record-import/write-plan';
import { fetchRecord, SyncProblem } from './fetch-record';
import { type HealthSystemsDeps, oauthFor, openTokens, sealTokens, tokensOf } from './health-systems.deps';

export const HEALTH_SYSTEM_SYNC_JOB = 'health-systems.sync';
export const SYNC_ATTEMPTS = 3;
/** An incremental sync asks for what changed since its last start, less this (clocks differ). */
const CLOCK_MARGIN_MS = 5 * 60_000;

type Connection = typeof healthSystemConnections.$inferSelect;

const setConnection = (deps: HealthSystemsDeps, c: Connection, set: Partial<Connection>) =>
  deps.db.asUser(c.userId, (tx) =>
    tx.update(healthSystemConnections).set(set).where(eq(healthSystemConnections.id, c.id)),
  );

/** The access token, refreshed with the refresh token when it has expired (or the server said so). */
const tokenSource = (deps: HealthSystemsDeps, c: Connection) => {
  let tokens = openTokens(c.tokensSealed!, deps.encryptionKey);
  return async (force: boolean) => {
    const expired = tokens.expiresAt !== undefined && tokens.expiresAt - 30_000 < Date.now();
    if (!force && !expired) return tokens.accessToken;
    if (!tokens.refreshToken) throw new SyncProblem('refresh_refused');
    try {
      const config = await oauthFor(
        deps,
        {
          fhirBaseUrl: c.fhirBaseUrl,
          authorizationEndpoint: c.tokenEndpoint,
          tokenEndpoint: c.tokenEndpoint,
        },
        c,
      );
      tokens = tokensOf(await oidc.refreshTokenGrant(config, tokens.refreshToken), tokens.refreshToken);
    } catch (err) {
      if (err instanceof oidc.ResponseBodyError) throw new SyncProblem('refresh_refused');
      throw new SyncProblem('unreachable');
    }
    await setConnection(deps, c, { tokensSealed: sealTokens(tokens, deps.encryptionKey) });
    return tokens.accessToken;
  };
};

/** The vault document standing for the portal (the source the imported items point to), made once. */
const sourceDocument = async (
  deps: HealthSystemsDeps,
  tx: Tx,
  c: Connection,
  patient: unknown,
  stored: string[],
) => {
  if (c.sourceDocumentId) {
    const [kept] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.id, c.sourceDocumentId));
    if (kept) return kept.id;
  }
  const bytes = Buffer.from(
    JSON.stringify(patient ?? { source: c.name, fhirBaseUrl: c.fhirBaseUrl }, null, 2),
  );
  const file = await deps.storage.put(Readable.from([bytes]));
  stored.push(file.id);
  const [row] = await tx
    .insert(documents)
    .values({
      userId: c.userId,
      title: `Records from ${c.name}`.slice(0, 200),
      category: 'Medical History',
      date: new Date().toISOString().slice(0, 10),
      description: `Read from ${c.name} through its patient access API: lab results are in Lab Results, the rest in the Health summary.`,
      fileName: sanitizeFileName(`${c.name}.json`),
      fileSize: file.size,
      fileType: 'application/fhir+json',
      storageId: file.id,
      sha256: file.sha256,
      extraction: 'done',
    })
    .returning({ id: documents.id });
  return row!.id;
};

/**
 * One sync of a connection: reads the patient's resources (incrementally after the first), lands them
 * as a FHIR import does with the portal's name as their source, and records what it brought, in one
 * transaction with its audit row. A refused refresh asks the person to connect again; other failures
 * keep the error in words until the next sync.
 */
export const syncConnection = async (deps: HealthSystemsDeps, personId: string, connectionId: string) => {
  const [c] = await deps.db.asUser(personId, (tx) =>
    tx.select().from(healthSystemConnections).where(eq(healthSystemConnections.id, connectionId)),
  );
  if (!c?.tokensSealed) return;
  const startedAt = new Date();
  await setConnection(deps, c, { status: 'syncing', progress: { done: 0, total: null } });
  const stored: string[] = [];
  try {
    const resources = await fetchRecord({
      smart: deps.smart,
      fhirBaseUrl: c.fhirBaseUrl,
      patientId: c.patientId,
      kind: c.kind,
      since: c.updatedSince,
      token: tokenSource(deps, c),
      progress: async (done) => void (await setConnection(deps, c, { progress: { done, total: null } })),
    });
    let plan: Awaited<ReturnType<typeof planFhirResources>>;
    try {
      plan = await planFhirResources(resources);
    } catch {
      throw new SyncProblem('bad_answer');
    }
    const patient = resources.find((r) => r.resourceType === 'Patient');
    await deps.db.asUser(personId, async (tx) => {
      const sourceDocumentId = await sourceDocument(deps, tx, c, patient, stored);
      const written = await writeFhirPlan(tx, personId, plan, {
        sourceName: c.name,
        sourceDocumentId,
        storage: deps.storage,
      });
      stored.push(...written.storedFiles);
      const found = foundCounts(plan);
      const created = Object.fromEntries(
        RECORD_IMPORT_GROUPS.filter((g) => written.created[g] > 0).map((g) => [g, written.created[g]]),
      );
      const skipped = RECORD_IMPORT_GROUPS.reduce(
        (n, g) => n + Math.max(0, found[g] - written.created[g] - written.rejectedCounts[g]),
        0,
      );
      await tx
        .update(healthSystemConnections)
        .set({
          status: 'ok',
          problem: null,
          progress: null,
          lastSyncAt: new Date(),
          lastSync: { created, skipped },
          updatedSince: new Date(startedAt.getTime() - CLOCK_MARGIN_MS),
          sourceDocumentId,
        })
        .where(eq(healthSystemConnections.id, c.id));
      await recordAudit(tx, personId, 'import', 'health_system_connection', c.id, {
        created,
        skipped,
        incremental: c.updatedSince !== null,
      });
    });
  } catch (err) {
    await Promise.allSettled(stored.map((id) => deps.storage.delete(id)));
    const problem = err instanceof SyncProblem ? err.problem : 'bad_answer';
    if (!(err instanceof SyncProblem)) deps.logger.error({ err }, 'health system sync failed');
    const reconnect = problem === 'refresh_refused' || problem === 'not_allowed';
    await setConnection(deps, c, {
      status: reconnect ? 'reconnect' : 'error',
      problem,
      progress: null,
      ...(reconnect ? { tokensSealed: null } : {}),
    });
    await deps.db.asUser(personId, (tx) =>
      recordAudit(tx, personId, 'import', 'health_system_connection', c.id, { failed: problem }),
    );
  }
};

export const healthSystemSyncJob = (deps: HealthSystemsDeps): JobHandler<{ connectionId: string }> => ({
  kind: HEALTH_SYSTEM_SYNC_JOB,
  lane: 'health-systems',
  leaseMs: 30 * 60_000,
  run: (job) => syncConnection(deps, job.userId!, job.payload.connectionId),
});
