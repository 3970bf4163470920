import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { OutboundClient } from '../../http/outbound';
import type { FileStorage } from '../../storage/file-storage';
import { openSecret, sealSecret } from '../vendor-pulls/vendor-seal';
import { instancePrivateKey } from './signing-key';
import { createSmartClient, type SmartClient, type SmartDiscovery } from './smart-client';

export interface HealthSystemsDeps {
  db: Database;
  storage: FileStorage;
  logger: Logger;
  smart: SmartClient;
  encryptionKey: string;
  appUrl: string;
}

export const healthSystemsDeps = (deps: {
  db: Database;
  storage: FileStorage;
  logger: Logger;
  config: Config;
  outbound: OutboundClient;
}): HealthSystemsDeps => ({
  db: deps.db,
  storage: deps.storage,
  logger: deps.logger,
  smart: createSmartClient({ outbound: deps.outbound, outboundAllow: deps.config.outboundAllow }),
  encryptionKey: deps.config.encryptionKey,
  appUrl: deps.config.appUrl,
});

/** The tokens a connection keeps, sealed: never answered, never logged. */
export interface SealedTokens {
  accessToken: string;
  refreshToken?: string;
  /** Epoch ms; absent when the server did not say. */
  expiresAt?: number;
}
export const sealTokens = (t: SealedTokens, key: string) => sealSecret(JSON.stringify(t), key);
export const openTokens = (sealed: string, key: string) =>
  JSON.parse(openSecret(sealed, key)) as SealedTokens;

export const tokensOf = (r: oidc.TokenEndpointResponse, previousRefresh?: string): SealedTokens => ({
  accessToken: r.access_token,
  refreshToken: r.refresh_token ?? previousRefresh,
  expiresAt: typeof r.expires_in === 'number' ? Date.now() + r.expires_in * 1000 : undefined,
});

type ServerAddresses = Pick<
  SmartDiscovery,
  'fhirBaseUrl' | 'issuer' | 'authorizationEndpoint' | 'tokenEndpoint' | 'revocationEndpoint'
>;

/**
 * openid-client's configuration for one server and client: a public client (PKCE, no secret), or a
 * confidential one signing a private_key_jwt assertion with the instance's key (audience: the token
 * endpoint, as SMART asks).
 */
export const oauthFor = async (
  deps: Pick<HealthSystemsDeps, 'db' | 'smart' | 'encryptionKey'>,
  server: ServerAddresses,
  client: { clientId: string; clientType: string },
) => {
  if (client.clientType !== 'confidential')
    return deps.smart.oauthConfig(server, client.clientId, oidc.None());
  const { key, kid } = await instancePrivateKey(deps.db, deps.encryptionKey);
  const auth = oidc.PrivateKeyJwt(
    { key, kid },
    {
      [oidc.modifyAssertion]: (_header, payload) => {
        payload.aud = server.tokenEndpoint;
      },
    },
  );
  return deps.smart.oauthConfig(server, client.clientId, auth);
};
