// oidc-provider ships no types; this declares only the surface the test provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface OidcClient {
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
  }
  export interface OidcAccount {
    accountId: string;
    claims(): Record<string, unknown> | Promise<Record<string, unknown>>;
  }
  export interface OidcConfiguration {
    clients?: OidcClient[];
    findAccount?: (ctx: unknown, sub: string) => OidcAccount | undefined | Promise<OidcAccount | undefined>;
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    cookies?: { keys?: string[] };
    ttl?: Record<string, number>;
    features?: Record<string, { enabled: boolean }>;
  }
  export default class Provider {
    constructor(issuer: string, configuration?: OidcConfiguration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
