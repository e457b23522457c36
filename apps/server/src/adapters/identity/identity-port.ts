import type { AuthConnection } from './connections-file';

/**
 * The identity port (ARCHITECTURE "Ports"): the operations of spec section 7 "Identity provider" and what the
 * /v3/user and /v3/auth handlers need around them. One implementation: better-auth inside the server
 * (better-auth-identity.ts). Tokens here are secrets: never log them.
 */

export interface IdentityUser {
  /** The customer id everywhere else. */
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface IdentitySession {
  /** The session token: the `auth` cookie's value and the `Authorization: Bearer` value. */
  token: string;
  userId: string;
  expiresAt: Date;
}

/** What a social / SSO sign-in told us about the user (the IdP's claims), for the SSO sign-up. */
export interface ExternalIdentity {
  /** The connection name the user signed in with. */
  connection: string;
  givenName: string | undefined;
  familyName: string | undefined;
  name: string | undefined;
}

export interface StartedLogin {
  /** The provider's authorization URL (with state, nonce and the PKCE challenge). */
  url: string;
  /** Cookies binding the browser to the state (Set-Cookie values), to forward as they are. */
  setCookies: string[];
}

export interface FinishedLogin {
  /** Where the identity layer sends the browser: the callback URL, or the error URL with `?error=`. */
  location: string;
  /** Set-Cookie values to forward (state cookie expiry); the identity layer's own session cookie is left out. */
  setCookies: string[];
  /** The new session when the sign-in succeeded. */
  session: IdentitySession | null;
}

export interface IdentityPort {
  /** The operator's connections (AUTH_CONNECTIONS_FILE). */
  readonly connections: readonly AuthConnection[];
  /** Resolves once provider discovery has run (a provider whose discovery failed is unavailable). */
  ready(): Promise<void>;

  /** Login with realm, username (e-mail) and password: a new session, or null for bad credentials. */
  login(input: { email: string; password: string }): Promise<IdentitySession | null>;
  /** Starts a social / SSO login with a connection. */
  startLogin(input: {
    connection: string;
    callbackUrl: string;
    errorUrl: string;
  }): Promise<StartedLogin>;
  /** The provider's redirect back (`search` is the query string, `cookie` the request's Cookie header). */
  finishLogin(input: {
    connection: string;
    search: string;
    cookie: string | undefined;
  }): Promise<FinishedLogin>;

  /** User info from a session token; null when the token is unknown, revoked or expired. */
  getSession(token: string): Promise<IdentitySession | null>;
  getUser(userId: string): Promise<IdentityUser | null>;
  findUserByEmail(email: string): Promise<IdentityUser | null>;
  /** The most recent social / SSO sign-in of the user, or null for a password-only user. */
  getExternalIdentity(userId: string): Promise<ExternalIdentity | null>;

  /** Signup with e-mail and password: the identity and its first session. Throws if the e-mail is taken. */
  signUp(input: { email: string; password: string; name: string }): Promise<{
    user: IdentityUser;
    session: IdentitySession;
  }>;
  /** Spends the time of a password hash, so that a refused request takes as long as an accepted one. */
  burnPasswordHash(password: string): Promise<void>;
  /** Sets (or adds) the password of an account. Sessions are left alone: see revokeAllSessions. */
  setPassword(userId: string, password: string): Promise<void>;

  /** Password reset by e-mail: a single-use token (1 hour), or null when no account has that e-mail. */
  requestPasswordReset(
    email: string,
  ): Promise<{ user: IdentityUser; token: string; expiresAt: Date } | null>;
  /**
   * Sets the new password with a reset token and revokes all sessions; the account's id, or null for a
   * bad/used/expired token.
   */
  confirmPasswordReset(token: string, password: string): Promise<string | null>;
  /** A single-use e-mail verification token (24 hours) for the user's current e-mail. */
  createEmailVerificationToken(userId: string): Promise<{ token: string; expiresAt: Date }>;
  /** Marks the e-mail verified; false for a bad/used/expired token or one sent to a previous e-mail. */
  confirmEmailVerification(token: string): Promise<boolean>;
  /**
   * Marks the user's e-mail verified on another proof than the verification mail: the token of an invitation mail
   * sent to the same address (docs/decisions/035).
   */
  markEmailVerified(userId: string): Promise<void>;

  /** A new session for a user (e.g. after a password change). */
  createSession(userId: string): Promise<IdentitySession>;
  /** Logout: revokes one session. */
  logout(token: string): Promise<void>;
  revokeAllSessions(userId: string): Promise<void>;
  /** Deletes the identity with its sessions, accounts and tokens. */
  deleteIdentity(userId: string): Promise<void>;
}
