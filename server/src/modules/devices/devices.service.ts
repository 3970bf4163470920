import {
  DEVICE_GROUPS,
  type DeviceCatalogueItem,
  type DeviceCatalogueResponse,
  type DeviceConnectionListResponse,
  TRACKER_DATA,
} from '@healthfolio/core';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { notFound, ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { type Announcer, announceNotices, writeReadings } from '../glucose/write-readings';
import { insertClaimedEntries } from '../nightscout/ns-upload.repository';
import {
  deleteConnection,
  entrySourceOf,
  glucoseSourceOf,
  markData,
  selectConnection,
  selectConnections,
} from './devices.repository';
import { type TerraClient, TerraError, type TerraProvider } from './terra.client';
import { readTerraBody } from './terra-body';

export interface DevicesDeps {
  db: Database;
  notifier: Announcer;
  logger: Logger;
  terra: TerraClient | undefined;
  appUrl: string;
}

/** A Terra failure as the user sees it: "Connection Error" with Terra's message. */
export const terraProblem = (err: unknown) => {
  if (!(err instanceof TerraError)) return err;
  return new ProblemError(502, err.code, err.message);
};

const notConfigured = () =>
  new ProblemError(503, 'terra_not_configured', 'Device connections need the operator to configure Terra.');

let cached: { at: number; providers: TerraProvider[] } | undefined;
const CACHE_MS = 10 * 60_000;

/** The spec's groups, each provider marked by whether Terra lists it now; Terra's others as a group. */
export const catalogue = async (deps: DevicesDeps): Promise<DeviceCatalogueResponse> => {
  let listed: TerraProvider[] = [];
  if (deps.terra) {
    if (!cached || Date.now() - cached.at > CACHE_MS) {
      try {
        cached = { at: Date.now(), providers: await deps.terra.integrations() };
      } catch (err) {
        throw terraProblem(err);
      }
    }
    listed = cached.providers;
  }
  const byCode = new Map(listed.map((p) => [p.code, p]));
  const grouped = new Set<string>(DEVICE_GROUPS.flatMap((g) => [...g.providers]));
  const items: DeviceCatalogueItem[] = DEVICE_GROUPS.map((g) => ({
    id: g.id,
    name: g.name,
    description: g.description,
    category: g.category,
    status: g.status,
    dataTypes: [...g.dataTypes],
    providers: g.providers.map((code) => ({
      code,
      name: byCode.get(code)?.name ?? code,
      available: byCode.get(code)?.enabled ?? false,
    })),
  }));
  const others = listed.filter((p) => !grouped.has(p.code) && p.enabled);
  if (others.length)
    items.push({
      id: 'other',
      name: 'Other Devices',
      description: 'Every other device and app Terra connects to, CGMs included.',
      category: 'Other',
      status: 'available',
      dataTypes: ['Blood glucose', 'Weight', 'Blood pressure'],
      providers: others.map((p) => ({ code: p.code, name: p.name, available: true })),
    });
  return { terraConfigured: !!deps.terra, items };
};

/** Test hook: forget the cached provider list. */
export const forgetCatalogue = () => {
  cached = undefined;
};

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

export const listConnections = (db: Database, userId: string): Promise<DeviceConnectionListResponse> =>
  db.asUser(userId, async (tx) => ({
    items: (await selectConnections(tx, userId)).map((r) => ({
      id: r.id,
      provider: r.provider,
      connectedAt: iso(r.connected_at)!,
      lastDataAt: iso(r.last_data_at),
      lastSyncAt: iso(r.last_sync_at),
      nextSyncAt: iso(r.next_sync_at),
      lastError: r.last_error,
      counts: { glucose: r.glucose, weight: r.weight, bloodPressure: r.blood_pressure },
    })),
  }));

export const widgetSession = async (
  deps: DevicesDeps,
  userId: string,
  providers: string[],
  popup = false,
) => {
  if (!deps.terra) throw notConfigured();
  try {
    const s = await deps.terra.widgetSession({
      providers,
      referenceId: userId,
      successUrl: `${deps.appUrl}/dashboard/devices?connected=1${popup ? '&popup=1' : ''}`,
      failureUrl: `${deps.appUrl}/dashboard/devices?connect_failed=1${popup ? '&popup=1' : ''}`,
    });
    return { sessionId: s.sessionId, url: s.url };
  } catch (err) {
    throw terraProblem(err);
  }
};

/** Deauthenticates at Terra, then forgets the connection; what it imported stays. */
export const disconnect = async (deps: DevicesDeps, userId: string, id: string) => {
  const row = await deps.db.asUser(userId, (tx) => selectConnection(tx, userId, id));
  if (!row) throw notFound('No such device connection');
  if (!deps.terra) throw notConfigured();
  try {
    await deps.terra.deauthenticate(row.terraUserId);
  } catch (err) {
    throw terraProblem(err);
  }
  await deps.db.asUser(userId, async (tx) => {
    await deleteConnection(tx, userId, id);
    await recordAudit(tx, userId, 'delete', 'device_connection', id, { provider: row.provider });
  });
};

/**
 * Writes one payload of body data once, in one transaction with one audit row of counts: glucose by
 * (time, source) in one insert, weights and pressures by their claimed keys in one batch.
 */
export const ingestBody = async (
  { db, notifier }: Pick<DevicesDeps, 'db' | 'notifier'>,
  userId: string,
  connectionId: string,
  provider: string,
  data: unknown,
) => {
  const body = readTerraBody(data);
  const entries = [
    ...body.weights.map((w) => ({
      key: `weight:${w.atMs}`,
      tracker: 'weight' as const,
      atMs: w.atMs,
      data: TRACKER_DATA.weight.safeParse({ weight: w.kg, weightUnit: 'kg' }),
    })),
    ...body.pressures.map((p) => ({
      key: `bp:${p.atMs}`,
      tracker: 'blood-pressure' as const,
      atMs: p.atMs,
      data: TRACKER_DATA['blood-pressure'].safeParse({ systolic: p.systolic, diastolic: p.diastolic }),
    })),
  ].flatMap((e) =>
    e.data.success
      ? [
          {
            key: e.key,
            tracker: e.tracker,
            occurredAt: new Date(e.atMs),
            notes: null,
            data: e.data.data as Record<string, unknown>,
          },
        ]
      : [],
  );
  const { result, notices } = await db.asUser(userId, async (tx) => {
    const written = await writeReadings(tx, userId, [
      [
        glucoseSourceOf(provider),
        body.glucose.map((g) => ({ at: new Date(g.atMs).toISOString(), mgdl: g.mgdl })),
      ],
    ]);
    const glucose = written.inserted;
    const stored = await insertClaimedEntries(tx, userId, entrySourceOf(provider), entries);
    const times = [...body.glucose, ...body.weights, ...body.pressures].map((x) => x.atMs);
    await markData(tx, connectionId, { lastDataAt: times.length ? new Date(Math.max(...times)) : null });
    const received = body.glucose.length + entries.length;
    if (received)
      await recordAudit(tx, userId, 'import', 'device_connection', connectionId, {
        source: 'terra',
        provider,
        received,
        stored: glucose + stored,
        duplicates: received - written.future - glucose - stored,
      });
    return { result: { glucose, entries: stored }, notices: written.notices };
  });
  await announceNotices(notifier, userId, notices);
  return result;
};
