/**
 * The health-systems API's shapes (issue 36), as the contract in core/src/health-systems/ gives them.
 * TEMPORARY until the core schemas land: then these become re-exports of core's types.
 */
export type HealthSystemKind = 'provider' | 'payer';

export type HealthSystemEndpoint = {
  id: string;
  name: string;
  kind: HealthSystemKind;
  fhirBaseUrl: string;
  brand: string | null;
};
export type HealthSystemEndpointList = { endpoints: HealthSystemEndpoint[] };

export type HealthSystemDiscovery = {
  fhirBaseUrl: string;
  issuer?: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  revocationEndpoint?: string;
  scopesRequested: string[];
  pkce: boolean;
  endpointId: string | null;
  canConnect: boolean;
  reason?: string;
};

export type HealthSystemConnectResponse = { authorizeUrl: string; scopesRequested: string[] };

export type HealthSystemConnectionStatus = 'syncing' | 'ok' | 'error' | 'reconnect';

export type HealthSystemConnection = {
  id: string;
  name: string;
  kind: HealthSystemKind;
  fhirBaseUrl: string;
  status: HealthSystemConnectionStatus;
  lastSyncAt: string | null;
  lastSync: { created: Record<string, number>; skipped: number } | null;
  error: string | null;
  progress: { done: number; total: number | null } | null;
  scopes: string[];
  connectedAt: string;
};
export type HealthSystemConnectionList = { connections: HealthSystemConnection[] };

export type HealthSystemClientType = 'public' | 'confidential';

export type AdminHealthSystemEndpoint = HealthSystemEndpoint & {
  clientId: string | null;
  clientType: HealthSystemClientType;
  enabled: boolean;
};
export type AdminHealthSystemsResponse = {
  redirectUri: string;
  jwksUrl: string;
  endpoints: AdminHealthSystemEndpoint[];
};
export type AdminHealthSystemCreateRequest = {
  name: string;
  kind: HealthSystemKind;
  fhirBaseUrl: string;
  clientId?: string;
  clientType: HealthSystemClientType;
};
export type AdminHealthSystemUpdateRequest = {
  clientId?: string | null;
  clientType?: HealthSystemClientType;
  enabled?: boolean;
  name?: string;
};
export type AdminBrandsImportResponse = { added: number; updated: number };
