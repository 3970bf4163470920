import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { documents } from './documents';
import { isSystem, ownerPolicies } from './rls';

/**
 * The SMART on FHIR endpoints this instance knows (issue 36): imported from User-access Brands bundles
 * or added by an admin, each with the client id this instance registered with the vendor. Instance
 * data, not a person's: only the system context reads or writes it (the admin console, and the user
 * routes' lookups of enabled endpoints).
 */
export const healthSystemEndpoints = pgTable(
  'health_system_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    /** Without a trailing slash. */
    fhirBaseUrl: text('fhir_base_url').notNull().unique(),
    /** The brand (organization) of the bundle it came from; null when added by hand. */
    brand: text('brand'),
    /** The brand's own identifier in its bundle, so a newer bundle updates instead of adding. */
    brandKey: text('brand_key'),
    clientId: text('client_id'),
    clientType: text('client_type').notNull().default('public'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('health_system_endpoints_kind_check', sql`${t.kind} in ('provider', 'payer')`),
    check('health_system_endpoints_client_type_check', sql`${t.clientType} in ('public', 'confidential')`),
    pgPolicy('health_system_endpoints_system', { for: 'all', using: isSystem, withCheck: isSystem }),
  ],
);

/**
 * A person's connection to a health system's FHIR API. The access and refresh tokens are sealed with a
 * key derived from ENCRYPTION_KEY (never answered, never logged); name, kind and addresses are copied
 * from the endpoint and its discovery so the connection outlives an endpoint the admin removes.
 * `updatedSince` is when the last successful sync began: the next one asks for `_lastUpdated=gt` it.
 */
export const healthSystemConnections = pgTable(
  'health_system_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id').references(() => healthSystemEndpoints.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    fhirBaseUrl: text('fhir_base_url').notNull(),
    tokenEndpoint: text('token_endpoint').notNull(),
    revocationEndpoint: text('revocation_endpoint'),
    clientId: text('client_id').notNull(),
    clientType: text('client_type').notNull(),
    /** The FHIR Patient id the server gave with the token. */
    patientId: text('patient_id').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    /** { accessToken, refreshToken?, expiresAt? } sealed; null once the server refused it. */
    tokensSealed: text('tokens_sealed'),
    status: text('status').notNull().default('syncing'),
    /** Why the last sync failed, as a code core words (HEALTH_SYSTEM_SYNC_PROBLEMS). */
    problem: text('problem'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSync: jsonb('last_sync').$type<{ created: Record<string, number>; skipped: number }>(),
    updatedSince: timestamp('updated_since', { withTimezone: true }),
    progress: jsonb('progress').$type<{ done: number; total: number | null }>(),
    /** The vault document that stands for this portal as the imported items' source. */
    sourceDocumentId: uuid('source_document_id').references(() => documents.id, { onDelete: 'set null' }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('health_system_connections_user_base_idx').on(t.userId, t.fhirBaseUrl),
    index('health_system_connections_next_sync_idx').on(t.nextSyncAt),
    check('health_system_connections_kind_check', sql`${t.kind} in ('provider', 'payer')`),
    check(
      'health_system_connections_status_check',
      sql`${t.status} in ('syncing', 'ok', 'error', 'reconnect')`,
    ),
    ...ownerPolicies('health_system_connections', t.userId),
  ],
);

/**
 * A sign-in under way at a health system: the state (stored as its SHA-256), the PKCE verifier and
 * nonce (sealed), bound to the browser session that began it; used once, for 10 minutes.
 */
export const healthSystemAuthorizations = pgTable(
  'health_system_authorizations',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The account that began it (the person, or their guardian). */
    accountId: uuid('account_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => healthSystemEndpoints.id, { onDelete: 'cascade' }),
    /** { verifier, nonce, discovery } sealed. */
    secretSealed: text('secret_sealed').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('health_system_authorizations_expires_idx').on(t.expiresAt),
    ...ownerPolicies('health_system_authorizations', t.userId),
  ],
);

/**
 * The instance's key pair for private_key_jwt client authentication: generated once, the private key
 * sealed with a key derived from ENCRYPTION_KEY; `/.well-known/jwks.json` answers the public half.
 */
export const instanceSigningKeys = pgTable(
  'instance_signing_keys',
  {
    kid: text('kid').primaryKey(),
    alg: text('alg').notNull(),
    privateSealed: text('private_sealed').notNull(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [pgPolicy('instance_signing_keys_system', { for: 'all', using: isSystem, withCheck: isSystem })],
);
