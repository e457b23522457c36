import { AUTH_COOKIE_MAX_AGE_SECONDS } from '@herald/contract/constants';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth } from 'better-auth/plugins';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { authAccount, authSession, authUser, authVerification } from '../../db/schema';
import {
  consumeAuthToken,
  insertAuthToken,
  newToken,
  revokeAuthTokens,
} from './auth-token.repository';
import type { AuthConnection } from './connections-file';
import type {
  ExternalIdentity,
  IdentityPort,
  IdentitySession,
  IdentityUser,
} from './identity-port';
import type { PasswordHasher } from './password-hash';
import { resolveSessionAccess } from './session-access.repository';

/** Password reset links work for 1 hour, e-mail verification links for 24 hours; each once. */
export const PASSWORD_RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const EMAIL_VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** better-auth's provider id of e-mail + password accounts. */
const CREDENTIAL_PROVIDER = 'credential';

/** The scopes every connection asks for; a connection's `scopes` add to them. */
const BASE_SCOPES = ['openid', 'email', 'profile'];

export interface BetterAuthIdentityOptions {
  db: Database;
  /** PUBLIC_URL: better-auth's base URL; its routes live under /v3/auth (only the OAuth callback is reached). */
  publicUrl: string;
  secret: string;
  connections: readonly AuthConnection[];
  hasher: PasswordHasher;
  logger: FastifyBaseLogger;
  /** The clock of our tokens (reset, verification); tests inject one. */
  now?: () => Date;
}

type BetterAuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

function createBetterAuth(options: BetterAuthIdentityOptions) {
  const { db, publicUrl, secret, connections, hasher, logger } = options;
  const isHttps = publicUrl.startsWith('https:');
  const trustedOrigins = [
    new URL(publicUrl).origin,
    ...connections.map((connection) => new URL(connection.issuer).origin),
  ];
  return betterAuth({
    appName: 'Herald Cloud',
    baseURL: publicUrl,
    // The contract's callback path is /v3/auth/callback/{connection}: better-auth's own `/callback/:id` here.
    basePath: '/v3/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUser,
        session: authSession,
        account: authAccount,
        verification: authVerification,
      },
    }),
    user: {
      additionalFields: {
        givenName: { type: 'string', required: false },
        familyName: { type: 'string', required: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Unverified users log in; the onboarding gate (contract) sends them to /onboarding/verify-email.
      requireEmailVerification: false,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: {
        hash: (password) => hasher.hash(password),
        verify: (input) => hasher.verify(input),
      },
    },
    session: {
      expiresIn: AUTH_COOKIE_MAX_AGE_SECONDS,
      // A session lives exactly as long as the cookie carrying it (1 day); it is not silently extended.
      disableSessionRefresh: true,
      cookieCache: { enabled: false },
    },
    account: {
      // A social / SSO sign-in whose IdP says the e-mail is verified joins the existing account with that e-mail,
      // but only when that account's e-mail is verified too (better-auth's default): otherwise someone who
      // registered the address first, without owning it, would share the owner's account.
      accountLinking: { enabled: true, requireLocalEmailVerified: true },
    },
    // Our own limits, in the database (src/plugins/rate-limit.ts); better-auth's are in memory.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    trustedOrigins,
    onAPIError: { errorURL: `${publicUrl}/login/callback` },
    advanced: { useSecureCookies: isHttps },
    logger: {
      level: 'debug',
      log: (level: BetterAuthLogLevel, message: string) => {
        // Its warnings are per-request noise ("Invalid password"); errors matter. Arguments are dropped: they
        // can hold provider responses.
        if (level === 'error') logger.error({ component: 'better-auth' }, message);
        else logger.debug({ component: 'better-auth' }, message);
      },
    },
    plugins: [
      bearer(),
      genericOAuth({
        config: connections.map((connection) => ({
          providerId: connection.name,
          discoveryUrl: `${connection.issuer}/.well-known/openid-configuration`,
          clientId: connection.clientId,
          clientSecret: connection.clientSecret,
          scopes: [...new Set([...BASE_SCOPES, ...(connection.scopes ?? [])])],
          pkce: true,
          // No id_token validation (issuer, audience, signature, nonce) → no sign-in with this connection.
          requireIdTokenVerification: true,
          mapProfileToUser: (profile: Record<string, unknown>) => ({
            givenName: typeof profile.given_name === 'string' ? profile.given_name : undefined,
            familyName: typeof profile.family_name === 'string' ? profile.family_name : undefined,
          }),
        })),
      }),
    ],
  });
}

type Auth = ReturnType<typeof createBetterAuth>;

function toIdentityUser(user: {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}): IdentityUser {
  return { id: user.id, email: user.email, emailVerified: user.emailVerified, name: user.name };
}

/** The value of cookie `name` among Set-Cookie headers, URL-decoded; undefined when absent or being cleared. */
function setCookieValue(setCookies: string[], name: string): string | undefined {
  for (const header of setCookies) {
    const [pair = '', ...attributes] = header.split(';');
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    const cleared = attributes.some((attribute) => /^\s*max-age\s*=\s*0\s*$/i.test(attribute));
    const value = decodeURIComponent(pair.slice(separator + 1).trim());
    return cleared || value === '' ? undefined : value;
  }
  return undefined;
}

function cookieName(setCookie: string): string {
  return setCookie.slice(0, setCookie.indexOf('=')).trim();
}

/**
 * The identity port on better-auth inside the server: users, accounts, sessions and OAuth/OIDC sign-in are
 * better-auth's (its drizzle adapter on our database, bearer plugin, generic OAuth plugin); reset and verification
 * tokens are ours (auth_token: hashed, single-use, on an injectable clock). Sessions are better-auth's session
 * tokens, unsigned: the same value is our `auth` cookie and the Bearer token (the bearer plugin accepts it).
 */
export function createBetterAuthIdentity(options: BetterAuthIdentityOptions): IdentityPort & {
  /** The better-auth instance, for tests and the seam of later plugins. */
  readonly auth: Auth;
} {
  const { db, hasher } = options;
  const now = options.now ?? (() => new Date());
  const auth = createBetterAuth(options);
  const context = () => auth.$context;

  /**
   * Our own indexed query rather than better-auth's getSession, whose whole request pipeline per call capped
   * signed-in reads at a few hundred a second (docs/decisions/015). Same rule: the row exists and has not expired.
   */
  async function sessionOf(token: string): Promise<IdentitySession | null> {
    const access = await resolveSessionAccess(db, token, { kind: 'none' });
    return access && { token: access.token, userId: access.userId, expiresAt: access.expiresAt };
  }

  async function findUser(userId: string): Promise<IdentityUser | null> {
    const user = await (await context()).internalAdapter.findUserById(userId);
    return user ? toIdentityUser(user) : null;
  }

  return {
    auth,
    connections: options.connections,

    async ready() {
      await context();
    },

    async login({ email, password }) {
      try {
        const { token } = await auth.api.signInEmail({ body: { email, password } });
        return await sessionOf(token);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 401) return null;
        throw error;
      }
    },

    async startLogin({ connection, callbackUrl, errorUrl }) {
      const { headers, response } = await auth.api.signInSocial({
        body: {
          provider: connection,
          callbackURL: callbackUrl,
          errorCallbackURL: errorUrl,
          newUserCallbackURL: callbackUrl,
          disableRedirect: true,
        },
        returnHeaders: true,
      });
      if (!response.url) throw new Error(`No authorization URL for connection ${connection}`);
      return { url: response.url, setCookies: headers.getSetCookie() };
    },

    async finishLogin({ connection, search, cookie }) {
      const { authCookies } = await context();
      const url = new URL(`${options.publicUrl}/v3/auth/callback/${connection}`);
      url.search = search;
      const response = await auth.handler(
        new Request(url, { method: 'GET', headers: cookie ? { cookie } : {} }),
      );
      const setCookies = response.headers.getSetCookie();
      const signed = setCookieValue(setCookies, authCookies.sessionToken.name);
      // The session cookie's value is `token.signature`; our session is the token itself.
      const token = signed?.split('.')[0];
      const internalCookies = new Set([
        authCookies.sessionToken.name,
        authCookies.sessionData.name,
        authCookies.dontRememberToken.name,
      ]);
      return {
        location: response.headers.get('location') ?? '',
        setCookies: setCookies.filter((header) => !internalCookies.has(cookieName(header))),
        session: token ? await sessionOf(token) : null,
      };
    },

    getSession: sessionOf,
    getUser: findUser,

    async findUserByEmail(email) {
      const found = await (await context()).internalAdapter.findUserByEmail(email);
      return found ? toIdentityUser(found.user) : null;
    },

    async getExternalIdentity(userId): Promise<ExternalIdentity | null> {
      const [row] = await db
        .select({
          connection: authAccount.providerId,
          givenName: authUser.givenName,
          familyName: authUser.familyName,
          name: authUser.name,
        })
        .from(authAccount)
        .innerJoin(authUser, eq(authUser.id, authAccount.userId))
        .where(and(eq(authAccount.userId, userId), ne(authAccount.providerId, CREDENTIAL_PROVIDER)))
        .orderBy(desc(authAccount.updatedAt))
        .limit(1);
      if (!row) return null;
      return {
        connection: row.connection,
        givenName: row.givenName ?? undefined,
        familyName: row.familyName ?? undefined,
        name: row.name || undefined,
      };
    },

    async signUp({ email, password, name }) {
      const { token, user } = await auth.api.signUpEmail({ body: { email, password, name } });
      const session = token ? await sessionOf(token) : null;
      if (!session) throw new Error('Sign-up did not create a session');
      return { user: toIdentityUser(user), session };
    },

    async burnPasswordHash(password) {
      await hasher.hash(password);
    },

    async setPassword(userId, password) {
      const ctx = await context();
      const hash = await hasher.hash(password);
      const accounts = await ctx.internalAdapter.findAccounts(userId);
      if (accounts.some((account) => account.providerId === CREDENTIAL_PROVIDER)) {
        await ctx.internalAdapter.updatePassword(userId, hash);
      } else {
        // A social / SSO user who sets a password (reset link, change password) gains an e-mail login.
        await ctx.internalAdapter.linkAccount({
          userId,
          providerId: CREDENTIAL_PROVIDER,
          accountId: userId,
          password: hash,
        });
      }
    },

    async requestPasswordReset(email) {
      const user = await this.findUserByEmail(email);
      if (!user) return null;
      const issuedAt = now();
      const token = newToken();
      const expiresAt = new Date(issuedAt.getTime() + PASSWORD_RESET_TOKEN_TTL_MS);
      await insertAuthToken(db, {
        token,
        purpose: 'password-reset',
        userId: user.id,
        email: user.email,
        expiresAt,
        now: issuedAt,
      });
      return { user, token, expiresAt };
    },

    async confirmPasswordReset(token, password) {
      const usedAt = now();
      const used = await consumeAuthToken(db, token, 'password-reset', usedAt);
      if (!used) return null;
      await this.setPassword(used.userId, password);
      await revokeAuthTokens(db, used.userId, 'password-reset', usedAt);
      await this.revokeAllSessions(used.userId);
      return used.userId;
    },

    async createEmailVerificationToken(userId) {
      const user = await findUser(userId);
      if (!user) throw new Error('No such user');
      const issuedAt = now();
      const token = newToken();
      const expiresAt = new Date(issuedAt.getTime() + EMAIL_VERIFICATION_TOKEN_TTL_MS);
      await insertAuthToken(db, {
        token,
        purpose: 'email-verification',
        userId,
        email: user.email,
        expiresAt,
        now: issuedAt,
      });
      return { token, expiresAt };
    },

    async confirmEmailVerification(token) {
      const used = await consumeAuthToken(db, token, 'email-verification', now());
      if (!used) return false;
      const user = await findUser(used.userId);
      if (!user || user.email !== used.email) return false;
      await (await context()).internalAdapter.updateUser(used.userId, { emailVerified: true });
      return true;
    },

    async markEmailVerified(userId) {
      await (await context()).internalAdapter.updateUser(userId, { emailVerified: true });
    },

    async createSession(userId) {
      const session = await (await context()).internalAdapter.createSession(userId);
      return {
        token: session.token,
        userId: session.userId,
        expiresAt: new Date(session.expiresAt),
      };
    },

    async logout(token) {
      await (await context()).internalAdapter.deleteSession(token);
    },

    async revokeAllSessions(userId) {
      await (await context()).internalAdapter.deleteUserSessions(userId);
    },

    async deleteIdentity(userId) {
      // Sessions, accounts and the user; auth_token rows follow the user (on delete cascade).
      await (await context()).internalAdapter.deleteUser(userId);
    },
  };
}
