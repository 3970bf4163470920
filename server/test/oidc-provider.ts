import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcUser {
  sub: string;
  email: string;
  name: string;
  /** What the provider says of the address (email_verified); verified unless false. */
  emailVerified?: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
}

/**
 * A real OpenID provider on loopback standing in for Google: the app discovers it, redirects to it,
 * and exchanges the code with it exactly as it would with accounts.google.com.
 */
export const startOidcProvider = async (
  redirectUri: string,
  users: OidcUser[],
): Promise<TestOidcProvider> => {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'healthfolio-test';
  const clientSecret = 'healthfolio-test-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri] }],
    findAccount: (_ctx, sub) => {
      const found = users.find((u) => u.sub === sub);
      if (!found) return undefined;
      const { emailVerified = true, ...claims } = found;
      return { accountId: sub, claims: () => ({ ...claims, email_verified: emailVerified }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-cookie-key-not-secret'] },
    // Explicit lifetimes keep the provider from printing a notice per artifact type.
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
  });
  // The provider logs interaction failures as events; surfacing them makes a broken flow debuggable.
  provider.on('server_error', (_ctx, err) => console.error('oidc-provider server_error', err));
  server.on('request', provider.callback());
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
};

/** A cookie jar for the provider's origin: it keeps its interaction and session state in cookies. */
class Jar {
  private readonly cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  store(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * Plays the user's browser on the provider: follows its redirects, fills the dev login form with
 * `login` and confirms the consent form, and stops at the first redirect that leaves the provider
 * (the app's callback URL, with code and state), which it returns.
 */
export const authorizeAtProvider = async (authorizationUrl: string, login: string): Promise<URL> => {
  const jar = new Jar();
  const issuerOrigin = new URL(authorizationUrl).origin;
  let next: { url: URL; body?: URLSearchParams } = { url: new URL(authorizationUrl) };
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(next.url, {
      method: next.body ? 'POST' : 'GET',
      headers: {
        cookie: jar.header(),
        ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: next.body,
      redirect: 'manual',
    });
    jar.store(res);
    const location = res.headers.get('location');
    if (location) {
      const url = new URL(location, next.url);
      if (url.origin !== issuerOrigin) return url;
      next = { url };
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    // devInteractions render a login form, then a consent form, both posting back to the same action.
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`no form on the provider page: ${html.slice(0, 300)}`);
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    const body = new URLSearchParams({ prompt: prompt ?? 'consent' });
    if (prompt === 'login') {
      body.set('login', login);
      body.set('password', 'any');
    }
    next = { url: new URL(action.replace(/&amp;/g, '&'), next.url), body };
  }
  throw new Error('the provider kept redirecting');
};
