import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { freePort } from './free-port';

/**
 * A real OpenID Connect provider for tests (panva's oidc-provider) on a free loopback port: one confidential client
 * (client_secret_post, authorization code + PKCE) and test accounts, signed in through the provider's development
 * interactions (a login form that accepts any password for a known login, then a consent form). Used by the
 * server's SSO tests and reusable by the e2e suite.
 */

export interface TestOidcAccount {
  /** The login typed into the provider's form, and the `sub` claim. */
  login: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}

export interface TestOidcProvider {
  /** `http://127.0.0.1:<port>`: the issuer, and the discovery document under /.well-known/openid-configuration. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Adds or replaces an account (by login). */
  addAccount(account: TestOidcAccount): void;
  /** An AUTH_CONNECTIONS_FILE entry for this provider. */
  connection(options: {
    name: string;
    displayName?: string;
    kind?: 'social' | 'sso';
    domains?: string[];
  }): Record<string, unknown>;
  stop(): Promise<void>;
}

export const TEST_OIDC_CLIENT_ID = 'herald-test-client';
export const TEST_OIDC_CLIENT_SECRET = 'herald-test-client-secret-0123456789';

export async function startOidcProvider(options: {
  /** The relying party's callback URLs, e.g. `${PUBLIC_URL}/v3/auth/callback/<connection>`. */
  redirectUris: string[];
  accounts?: TestOidcAccount[];
  /** A fixed port, for a provider that other processes are configured with before it starts. */
  port?: number;
}): Promise<TestOidcProvider> {
  const port = options.port ?? (await freePort());
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, TestOidcAccount>();
  for (const account of options.accounts ?? []) accounts.set(account.login, account);

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_OIDC_CLIENT_ID,
        client_secret: TEST_OIDC_CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    cookies: { keys: ['herald-test-oidc-cookie-key'] },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: account.email,
            email_verified: account.emailVerified,
            given_name: account.givenName,
            family_name: account.familyName,
            name: [account.givenName, account.familyName].filter(Boolean).join(' ') || undefined,
          };
        },
      };
    },
  });
  // The provider warns about its development defaults on the console; tests do not need to read that.
  provider.on('server_error', () => undefined);

  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  if (actualPort !== port) throw new Error('The OIDC provider did not listen on the chosen port');

  return {
    issuer,
    clientId: TEST_OIDC_CLIENT_ID,
    clientSecret: TEST_OIDC_CLIENT_SECRET,
    addAccount(account) {
      accounts.set(account.login, account);
    },
    connection({ name, displayName = 'Test IdP', kind = 'sso', domains }) {
      return {
        name,
        displayName,
        kind,
        issuer,
        clientId: TEST_OIDC_CLIENT_ID,
        clientSecret: TEST_OIDC_CLIENT_SECRET,
        ...(domains && { domains }),
      };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Cookies of a fetch-driven browser, per origin-less jar (good enough for one provider and one app). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Stores the cookies of Set-Cookie values (a cookie set with Max-Age=0 or an expired date is removed). */
  store(setCookies: string[]): void {
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      if (separator < 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', raw = ''] = attribute.split('=');
        const lower = key.trim().toLowerCase();
        return (
          (lower === 'max-age' && Number(raw) <= 0) ||
          (lower === 'expires' && Date.parse(raw) < Date.now())
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Drives the provider's development login and consent forms with fetch, as a browser would, starting at its
 * authorization URL; returns the redirect back to the relying party (its callback URL with code and state).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let method: 'GET' | 'POST' = 'GET';
  let body: URLSearchParams | undefined;
  const issuerOrigin = new URL(authorizationUrl).origin;
  for (let hop = 0; hop < 20; hop += 1) {
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(body && { body }),
    });
    jar.store(response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== issuerOrigin) return next.href;
      url = next.href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) {
      throw new Error(`The provider answered ${response.status} at ${url}: ${html.slice(0, 500)}`);
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`No interaction form at ${url}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    method = 'POST';
    body =
      prompt === 'login'
        ? new URLSearchParams({ prompt, login, password: 'any-password' })
        : new URLSearchParams({ prompt });
  }
  throw new Error('Too many redirects at the provider');
}
