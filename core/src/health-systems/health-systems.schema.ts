import { z } from 'zod';

/** A health system's kind: a hospital or clinic's patient portal, or an insurer's Patient Access API. */
export const HEALTH_SYSTEM_KINDS = ['provider', 'payer'] as const;
export type HealthSystemKind = (typeof HEALTH_SYSTEM_KINDS)[number];

/** How this instance signs in to the vendor: a public client (PKCE only) or a confidential one (private_key_jwt). */
export const HEALTH_SYSTEM_CLIENT_TYPES = ['public', 'confidential'] as const;
export type HealthSystemClientType = (typeof HEALTH_SYSTEM_CLIENT_TYPES)[number];

export const HEALTH_SYSTEM_STATUSES = ['syncing', 'ok', 'error', 'reconnect'] as const;
export type HealthSystemStatus = (typeof HEALTH_SYSTEM_STATUSES)[number];

const fhirBaseUrl = z
  .string()
  .trim()
  .min(1, 'Enter the FHIR address')
  .max(2000, 'At most 2,000 characters')
  .pipe(z.url('Enter a web address starting with https://'));

const clientId = z.string().trim().max(500, 'At most 500 characters');
const name = z.string().trim().min(1, 'Enter a name').max(200, 'At most 200 characters');

// ---- admin ----

export const AdminHealthSystemEndpoint = z.object({
  id: z.string().uuid(),
  name: z.string(),
  kind: z.enum(HEALTH_SYSTEM_KINDS),
  fhirBaseUrl: z.string(),
  /** The brand (organization) it came from in a User-access Brands bundle, or null when typed. */
  brand: z.string().nullable(),
  clientId: z.string().nullable(),
  clientType: z.enum(HEALTH_SYSTEM_CLIENT_TYPES),
  enabled: z.boolean(),
});
export type AdminHealthSystemEndpoint = z.infer<typeof AdminHealthSystemEndpoint>;

export const AdminHealthSystemsResponse = z.object({
  /** The redirect URI to copy into the vendor's registration. */
  redirectUri: z.string(),
  /** This instance's public keys, for vendors that want private_key_jwt. */
  jwksUrl: z.string(),
  endpoints: z.array(AdminHealthSystemEndpoint),
});
export type AdminHealthSystemsResponse = z.infer<typeof AdminHealthSystemsResponse>;

export const HealthSystemBrandsImportResponse = z.object({
  added: z.number().int(),
  updated: z.number().int(),
});
export type HealthSystemBrandsImportResponse = z.infer<typeof HealthSystemBrandsImportResponse>;

export const CreateHealthSystemRequest = z.strictObject({
  name,
  kind: z.enum(HEALTH_SYSTEM_KINDS, { error: 'Choose a hospital or an insurer' }),
  fhirBaseUrl,
  clientId: clientId.optional(),
  clientType: z.enum(HEALTH_SYSTEM_CLIENT_TYPES, { error: 'Choose the client type' }),
});
export type CreateHealthSystemRequest = z.infer<typeof CreateHealthSystemRequest>;

export const UpdateHealthSystemRequest = z.strictObject({
  name: name.optional(),
  /** An empty string clears it (the endpoint then cannot be connected). */
  clientId: clientId.optional(),
  clientType: z.enum(HEALTH_SYSTEM_CLIENT_TYPES, { error: 'Choose the client type' }).optional(),
  enabled: z.boolean().optional(),
});
export type UpdateHealthSystemRequest = z.infer<typeof UpdateHealthSystemRequest>;

// ---- user ----

export const HealthSystemEndpoint = z.object({
  id: z.string().uuid(),
  name: z.string(),
  kind: z.enum(HEALTH_SYSTEM_KINDS),
  fhirBaseUrl: z.string(),
  brand: z.string().nullable(),
});
export type HealthSystemEndpoint = z.infer<typeof HealthSystemEndpoint>;

export const HealthSystemEndpointsQuery = z.object({
  q: z.string().trim().max(200).optional(),
  kind: z.enum(HEALTH_SYSTEM_KINDS).optional(),
});
export type HealthSystemEndpointsQuery = z.infer<typeof HealthSystemEndpointsQuery>;

export const HealthSystemEndpointsResponse = z.object({ endpoints: z.array(HealthSystemEndpoint) });
export type HealthSystemEndpointsResponse = z.infer<typeof HealthSystemEndpointsResponse>;

export const DiscoverHealthSystemRequest = z.strictObject({ fhirBaseUrl });
export type DiscoverHealthSystemRequest = z.infer<typeof DiscoverHealthSystemRequest>;

/** What the server's .well-known/smart-configuration says, shown before anything else happens. */
export const DiscoverHealthSystemResponse = z.object({
  fhirBaseUrl: z.string(),
  issuer: z.string().optional(),
  authorizationEndpoint: z.string(),
  tokenEndpoint: z.string(),
  revocationEndpoint: z.string().optional(),
  /** Every scope that connecting would ask for. */
  scopesRequested: z.array(z.string()),
  /** Whether the server offers PKCE with S256 (required to connect). */
  pkce: z.boolean(),
  /** The endpoint this instance knows at that address, if any. */
  endpointId: z.string().uuid().nullable(),
  canConnect: z.boolean(),
  /** Why it cannot be connected, in words, when canConnect is false. */
  reason: z.string().optional(),
});
export type DiscoverHealthSystemResponse = z.infer<typeof DiscoverHealthSystemResponse>;

export const ConnectHealthSystemRequest = z.strictObject({
  endpointId: z.string().uuid('Choose a health system'),
});
export type ConnectHealthSystemRequest = z.infer<typeof ConnectHealthSystemRequest>;

export const ConnectHealthSystemResponse = z.object({
  /** Where to send the browser: the health system's sign-in page. */
  authorizeUrl: z.string(),
  scopesRequested: z.array(z.string()),
});
export type ConnectHealthSystemResponse = z.infer<typeof ConnectHealthSystemResponse>;

export const HealthSystemConnection = z.object({
  id: z.string().uuid(),
  name: z.string(),
  kind: z.enum(HEALTH_SYSTEM_KINDS),
  fhirBaseUrl: z.string(),
  status: z.enum(HEALTH_SYSTEM_STATUSES),
  lastSyncAt: z.string().nullable(),
  /** What the last finished sync brought: new items per record group (see RECORD_IMPORT_GROUPS), and how many were already here. */
  lastSync: z
    .object({ created: z.record(z.string(), z.number().int()), skipped: z.number().int() })
    .nullable(),
  /** The last error in words for a person, or null. */
  error: z.string().nullable(),
  /** A running sync's progress: resources read so far (total when the server said). */
  progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }).nullable(),
  scopes: z.array(z.string()),
  connectedAt: z.string(),
});
export type HealthSystemConnection = z.infer<typeof HealthSystemConnection>;

export const HealthSystemConnectionsResponse = z.object({ connections: z.array(HealthSystemConnection) });
export type HealthSystemConnectionsResponse = z.infer<typeof HealthSystemConnectionsResponse>;
