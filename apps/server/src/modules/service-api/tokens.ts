import { randomUUID } from 'node:crypto';
import {
  DASHBOARD_TOKEN_AUDIENCE,
  DASHBOARD_TOKEN_TTL_SECONDS,
  SERVICE_TOKEN_ALGORITHM,
  SERVICE_TOKEN_ISSUER,
  SERVICE_TOKEN_TTL_SECONDS,
  serviceTokenAudience,
} from '@herald/contract/services/service-token';
import type { ServiceTokenScope } from '@herald/contract/services/service-token';
import type { Role } from '@herald/contract/members/permissions';
import { desc } from 'drizzle-orm';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, importJWK, jwtVerify } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import type { Database } from '../../db/database';
import { signingKey } from '../../db/schema';

/**
 * The control plane's token signer: ES256 keys kept in the database (so every server sharing a database signs
 * with the same key and publishes the same JWKS), tokens for the service API and for the dashboard principal.
 * Runtimes verify them offline against the public JWKS they are started with.
 */
export interface TokenSigner {
  /** The public JWK Set (RFC 7517): every stored key, newest first. */
  publicJwks(): Promise<{ keys: JWK[] }>;
  signServiceToken(input: ServiceTokenInput): Promise<SignedToken>;
  signDashboardToken(input: DashboardTokenInput): Promise<SignedToken>;
  /**
   * The customer and session of a dashboard token signed here that names its session (User.accessToken), still
   * within its lifetime; null for anything else. The auth plugin then resolves that session like a cookie's.
   */
  verifySessionDashboardToken(
    token: string,
  ): Promise<{ customerId: string; sessionId: string } | null>;
}

export interface DashboardTokenInput {
  customerId: string;
  /** The user's role in each of their workspaces (docs/decisions/013). */
  workspaceRoles: Record<string, Role>;
  /**
   * Taken before the roles were read: a runtime refuses the token if the member's access changed at or after
   * this instant, so a token can never carry a role that a change had already replaced.
   */
  issuedAt: Date;
  /**
   * User.accessToken only: the session it was issued to (`sid`, the session's row id). Such a token is also that
   * session's Bearer credential for the API (spec section 7; issue 25); tokens without it (the console's, the
   * server's own calls to runtimes) are not.
   */
  sessionId?: string;
}

export interface ServiceTokenInput {
  serviceId: string;
  /** The client id of the credentials, or `control-plane` for the server's own calls. */
  subject: string;
  scope: ServiceTokenScope;
  credentialVersion: number;
  ttlSeconds?: number;
}

export interface SignedToken {
  token: string;
  expiresIn: number;
}

interface ActiveKey {
  kid: string;
  privateKey: CryptoKey;
}

export function createTokenSigner(db: Database, clock: () => Date): TokenSigner {
  let active: Promise<ActiveKey> | undefined;

  async function loadOrCreateKey(): Promise<ActiveKey> {
    const [row] = await db.select().from(signingKey).orderBy(desc(signingKey.createdAt)).limit(1);
    if (row) {
      const privateKey = (await importJWK(
        row.privateJwk as JWK,
        SERVICE_TOKEN_ALGORITHM,
      )) as CryptoKey;
      return { kid: row.kid, privateKey };
    }
    const { privateKey, publicKey } = await generateKeyPair(SERVICE_TOKEN_ALGORITHM, {
      extractable: true,
    });
    const kid = randomUUID();
    const publicJwk = {
      ...(await exportJWK(publicKey)),
      kid,
      alg: SERVICE_TOKEN_ALGORITHM,
      use: 'sig',
    };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SERVICE_TOKEN_ALGORITHM };
    // Two servers starting at once on one database: the first insert wins and both use the stored key.
    await db.insert(signingKey).values({ kid, privateJwk, publicJwk }).onConflictDoNothing();
    const [stored] = await db
      .select()
      .from(signingKey)
      .orderBy(desc(signingKey.createdAt))
      .limit(1);
    if (!stored) throw new Error('signing key was not stored');
    return {
      kid: stored.kid,
      privateKey: (await importJWK(stored.privateJwk as JWK, SERVICE_TOKEN_ALGORITHM)) as CryptoKey,
    };
  }

  function activeKey(): Promise<ActiveKey> {
    active ??= loadOrCreateKey().catch((error: unknown) => {
      active = undefined;
      throw error;
    });
    return active;
  }

  async function sign(
    claims: Record<string, unknown>,
    audience: string,
    subject: string,
    ttl: number,
    /** Dashboard tokens: the instant the member's roles were read; `iat` then keeps its milliseconds. */
    issuedAt?: Date,
  ) {
    const { kid, privateKey } = await activeKey();
    const issuedAtMs = (issuedAt ?? clock()).getTime();
    const now = Math.floor(issuedAtMs / 1000);
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: SERVICE_TOKEN_ALGORITHM, kid, typ: 'JWT' })
      .setIssuer(SERVICE_TOKEN_ISSUER)
      .setSubject(subject)
      .setAudience(audience)
      // NumericDate may carry a fraction (RFC 7519 section 2): dashboard revocations are to the millisecond.
      .setIssuedAt(issuedAt === undefined ? now : issuedAtMs / 1000)
      .setExpirationTime(now + ttl)
      .setJti(randomUUID())
      .sign(privateKey);
    return { token, expiresIn: ttl };
  }

  let verificationKeys: Promise<ReturnType<typeof createLocalJWKSet>> | undefined;

  async function publicJwks() {
    await activeKey();
    const rows = await db
      .select({ publicJwk: signingKey.publicJwk })
      .from(signingKey)
      .orderBy(desc(signingKey.createdAt));
    return { keys: rows.map((row) => row.publicJwk as JWK) };
  }

  return {
    publicJwks,
    async verifySessionDashboardToken(token) {
      verificationKeys ??= publicJwks().then((jwks) => createLocalJWKSet(jwks));
      try {
        const { payload } = await jwtVerify(token, await verificationKeys, {
          issuer: SERVICE_TOKEN_ISSUER,
          audience: DASHBOARD_TOKEN_AUDIENCE,
          algorithms: [SERVICE_TOKEN_ALGORITHM],
          currentDate: clock(),
        });
        const { sub, sid } = payload;
        return typeof sub === 'string' && typeof sid === 'string'
          ? { customerId: sub, sessionId: sid }
          : null;
      } catch (error) {
        // A bad token is just not one of ours. A key stored since the set was read (another server's first start on
        // this database) or a failed read of the keys: the next call reads them again.
        const code = (error as { code?: unknown }).code;
        const isTokenRefused = typeof code === 'string' && /^ERR_J(WT|WS)_/.test(code);
        if (!isTokenRefused) verificationKeys = undefined;
        return null;
      }
    },
    signServiceToken({ serviceId, subject, scope, credentialVersion, ttlSeconds }) {
      return sign(
        { scope, cv: credentialVersion },
        serviceTokenAudience(serviceId),
        subject,
        ttlSeconds ?? SERVICE_TOKEN_TTL_SECONDS,
      );
    },
    signDashboardToken({ customerId, workspaceRoles, issuedAt, sessionId }) {
      return sign(
        { ws: workspaceRoles, ...(sessionId !== undefined && { sid: sessionId }) },
        DASHBOARD_TOKEN_AUDIENCE,
        customerId,
        DASHBOARD_TOKEN_TTL_SECONDS,
        issuedAt,
      );
    },
  };
}
