/** The health-systems API's shapes (issue 36), from core, under the names the web's hooks use. */
export type {
  AdminHealthSystemEndpoint,
  AdminHealthSystemsResponse,
  ConnectHealthSystemResponse as HealthSystemConnectResponse,
  CreateHealthSystemRequest as AdminHealthSystemCreateRequest,
  DiscoverHealthSystemResponse as HealthSystemDiscovery,
  HealthSystemBrandsImportResponse as AdminBrandsImportResponse,
  HealthSystemClientType,
  HealthSystemConnection,
  HealthSystemConnectionsResponse as HealthSystemConnectionList,
  HealthSystemEndpoint,
  HealthSystemEndpointsResponse as HealthSystemEndpointList,
  HealthSystemKind,
  UpdateHealthSystemRequest as AdminHealthSystemUpdateRequest,
} from '@healthfolio/core/health-systems/health-systems.schema';
