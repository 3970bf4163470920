import type {
  AdminHealthSystemEndpoint,
  AdminHealthSystemsResponse,
  CreateHealthSystemRequest,
  UpdateHealthSystemRequest,
} from '@healthfolio/core';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { healthSystemEndpoints } from '../../db/schema';
import { notFound, ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { readBrandsBundle } from './brands';
import { normalBase, type SmartClient } from './smart-client';

type EndpointRow = typeof healthSystemEndpoints.$inferSelect;

export const presentEndpoint = (r: EndpointRow): AdminHealthSystemEndpoint => ({
  id: r.id,
  name: r.name,
  kind: r.kind as AdminHealthSystemEndpoint['kind'],
  fhirBaseUrl: r.fhirBaseUrl,
  brand: r.brand,
  clientId: r.clientId,
  clientType: r.clientType as AdminHealthSystemEndpoint['clientType'],
  enabled: r.enabled,
});

/** The redirect URI every vendor registration names, and where this instance's public keys are. */
export const registrationAddresses = (appUrl: string) => ({
  redirectUri: `${appUrl}/api/v1/health-systems/callback`,
  jwksUrl: `${appUrl}/.well-known/jwks.json`,
});

export const listEndpointsForAdmin = async (
  db: Database,
  appUrl: string,
): Promise<AdminHealthSystemsResponse> => {
  const rows = await db.asSystem((tx) =>
    tx
      .select()
      .from(healthSystemEndpoints)
      .orderBy(asc(healthSystemEndpoints.name), asc(healthSystemEndpoints.id)),
  );
  return { ...registrationAddresses(appUrl), endpoints: rows.map(presentEndpoint) };
};

const ALREADY = () =>
  new ProblemError(
    409,
    'conflict',
    'A health system with this FHIR address is already listed: edit that one.',
  );

/**
 * Adds or updates the endpoints of a User-access Brands bundle (matched by FHIR address): a newer
 * bundle renames them and their brand; the client id, type and switch the admin set are kept.
 */
export const importBrands = async (db: Database, adminId: string, body: unknown) => {
  const found = readBrandsBundle(body);
  return db.asSystem(async (tx) => {
    let added = 0;
    let updated = 0;
    for (const e of found) {
      const [row] = await tx
        .insert(healthSystemEndpoints)
        .values({
          name: e.name,
          kind: e.kind,
          fhirBaseUrl: e.fhirBaseUrl,
          brand: e.brand,
          brandKey: e.brandKey,
        })
        .onConflictDoUpdate({
          target: healthSystemEndpoints.fhirBaseUrl,
          set: { name: e.name, brand: e.brand, brandKey: e.brandKey, kind: e.kind, updatedAt: sql`now()` },
        })
        .returning({ inserted: sql<boolean>`xmax = 0` });
      if (row?.inserted) added++;
      else updated++;
    }
    await recordAudit(tx, adminId, 'import', 'health_system', null, { added, updated });
    return { added, updated };
  });
};

export const createEndpoint = async (
  db: Database,
  smart: SmartClient,
  adminId: string,
  req: CreateHealthSystemRequest,
) => {
  const base = normalBase(req.fhirBaseUrl);
  await smart.checkAddress(base);
  return db.asSystem(async (tx) => {
    const [row] = await tx
      .insert(healthSystemEndpoints)
      .values({
        name: req.name,
        kind: req.kind,
        fhirBaseUrl: base,
        clientId: req.clientId || null,
        clientType: req.clientType,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw ALREADY();
    await recordAudit(tx, adminId, 'create', 'health_system', row.id, { kind: req.kind });
    return presentEndpoint(row);
  });
};

export const updateEndpoint = (db: Database, adminId: string, id: string, req: UpdateHealthSystemRequest) =>
  db.asSystem(async (tx) => {
    const set: Partial<EndpointRow> = {};
    if (req.name !== undefined) set.name = req.name;
    if (req.clientId !== undefined) set.clientId = req.clientId || null;
    if (req.clientType !== undefined) set.clientType = req.clientType;
    if (req.enabled !== undefined) set.enabled = req.enabled;
    const [row] = await tx
      .update(healthSystemEndpoints)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(healthSystemEndpoints.id, id))
      .returning();
    if (!row) throw notFound('No such health system');
    await recordAudit(tx, adminId, 'update', 'health_system', id, { fields: Object.keys(set) });
    return presentEndpoint(row);
  });

/** Removes an endpoint; people's connections to it stay (they hold their own copy of its addresses). */
export const deleteEndpoint = (db: Database, adminId: string, id: string) =>
  db.asSystem(async (tx) => {
    const [row] = await tx
      .delete(healthSystemEndpoints)
      .where(eq(healthSystemEndpoints.id, id))
      .returning({ id: healthSystemEndpoints.id });
    if (!row) throw notFound('No such health system');
    await recordAudit(tx, adminId, 'delete', 'health_system', id);
  });
