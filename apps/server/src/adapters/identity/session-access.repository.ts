import { createHash } from 'node:crypto';
import type { Role } from '@herald/contract/members/permissions';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { preparedStatementsOf } from '../../db/prepared-statements';
import { authSession, authUser, service, workspaceMember } from '../../db/schema';
import { writeGenerationOf } from '../../db/write-generation';
import { deepFreeze } from '../../lib/deep-freeze';
import { GenerationCache } from '../../lib/generation-cache';

type ServiceRow = typeof service.$inferSelect;

/** What a request's route needs checked besides the session (its workspace or its service), from the raw path. */
export type AccessScope =
  | { kind: 'none' }
  | { kind: 'workspace'; workspaceId: string }
  | { kind: 'service'; serviceId: string };

/** The session's user as the identity knows it (auth_user). */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface SessionAccess {
  token: string;
  /** The session's row id: not a secret; User.accessToken names its session by it (`sid`). */
  sessionId: string;
  userId: string;
  expiresAt: Date;
  user: SessionUser;
  /** The user's roles in the scope's workspace (or the service's workspace); empty when not a member. */
  roles: Role[];
  /** The scope's service when it exists and is not cancelled; null otherwise and for other scopes. */
  service: ServiceRow | null;
}

const sessionColumns = {
  sessionId: authSession.id,
  expiresAt: authSession.expiresAt,
  userId: authUser.id,
  email: authUser.email,
  emailVerified: authUser.emailVerified,
  name: authUser.name,
};

/**
 * A session counts while its row exists (logout, password change or reset and account deletion delete it) and has
 * not expired; the inner join on auth_user drops a session whose user is gone. The token is looked up through the
 * unique index on auth_session.token, the member through the primary key (workspace_id, customer_id), the service
 * through its primary key: one indexed round trip. On the embedded database a resolution is cached until the next
 * write of any kind (cachedAccessOf), so every revocation still counts on the next request.
 */
const liveSession = and(
  eq(authSession.token, sql.placeholder('token')),
  gt(authSession.expiresAt, sql.placeholder('now')),
);

function prepareQueries(db: Database) {
  const sessionOnly = db
    .select(sessionColumns)
    .from(authSession)
    .innerJoin(authUser, eq(authUser.id, authSession.userId))
    .where(liveSession)
    .prepare('herald_session');
  const withWorkspace = db
    .select({ ...sessionColumns, role: workspaceMember.role })
    .from(authSession)
    .innerJoin(authUser, eq(authUser.id, authSession.userId))
    .leftJoin(
      workspaceMember,
      and(
        eq(workspaceMember.workspaceId, sql.placeholder('workspaceId')),
        eq(workspaceMember.customerId, authSession.userId),
      ),
    )
    .where(liveSession)
    .prepare('herald_session_workspace');
  const withService = db
    .select({ ...sessionColumns, role: workspaceMember.role, service })
    .from(authSession)
    .innerJoin(authUser, eq(authUser.id, authSession.userId))
    .leftJoin(
      service,
      and(eq(service.id, sql.placeholder('serviceId')), ne(service.desiredState, 'deleted')),
    )
    .leftJoin(
      workspaceMember,
      and(
        eq(workspaceMember.workspaceId, service.workspaceId),
        eq(workspaceMember.customerId, authSession.userId),
      ),
    )
    .where(liveSession)
    .prepare('herald_session_service');
  return { sessionOnly, withWorkspace, withService };
}

/**
 * Prepared once per database handle: the SQL text is built once, and the database plans it once (named statements
 * per connection on a PostgreSQL server; PREPARE / EXECUTE on PGlite, see db/prepared-statements.ts).
 */
const preparedByDb = new WeakMap<Database, ReturnType<typeof prepareQueries>>();

function queriesOf(db: Database): ReturnType<typeof prepareQueries> {
  let queries = preparedByDb.get(db);
  if (!queries) {
    queries = prepareQueries(preparedStatementsOf(db));
    preparedByDb.set(db, queries);
  }
  return queries;
}

interface SessionRow {
  sessionId: string;
  expiresAt: Date;
  userId: string;
  email: string;
  emailVerified: boolean;
  name: string;
  role?: Role | null;
  service?: ServiceRow | null;
}

function toAccess(token: string, row: SessionRow): SessionAccess {
  return {
    token,
    sessionId: row.sessionId,
    userId: row.userId,
    expiresAt: row.expiresAt,
    user: { id: row.userId, email: row.email, emailVerified: row.emailVerified, name: row.name },
    roles: row.role ? [row.role] : [],
    service: row.service ?? null,
  };
}

function idOf(scope: Exclude<AccessScope, { kind: 'none' }>): string {
  return scope.kind === 'workspace' ? scope.workspaceId : scope.serviceId;
}

/** A resolution as cached: everything but the token itself (the cache key holds only its SHA-256). */
type CachedAccess = Omit<SessionAccess, 'token'>;

const cacheByDb = new WeakMap<Database, GenerationCache<CachedAccess>>();

/**
 * The read cache of this database, on the embedded database only (docs/decisions/015, "Embedded database: read
 * cache"): there this process is the only writer and every write moves the generation. On a PostgreSQL server
 * other servers may write, so there is no cache.
 */
function accessCacheOf(db: Database): GenerationCache<CachedAccess> | undefined {
  let cache = cacheByDb.get(db);
  if (!cache) {
    const generation = writeGenerationOf(db);
    if (!generation) return undefined;
    cache = new GenerationCache<CachedAccess>(generation);
    cacheByDb.set(db, cache);
  }
  return cache;
}

function cacheKeyOf(token: string, scope: AccessScope): string {
  const tokenHash = createHash('sha256').update(token).digest('base64url');
  return scope.kind === 'none' ? tokenHash : `${tokenHash}:${scope.kind}:${idOf(scope)}`;
}

async function queryAccess(
  db: Database,
  token: string,
  scope: AccessScope,
  now: Date,
): Promise<SessionAccess | null> {
  const queries = queriesOf(db);
  const values = { token, now: now.toISOString() };
  let rows: SessionRow[];
  switch (scope.kind) {
    case 'none':
      rows = await queries.sessionOnly.execute(values);
      break;
    case 'workspace':
      rows = await queries.withWorkspace.execute({ ...values, workspaceId: scope.workspaceId });
      break;
    case 'service':
      rows = await queries.withService.execute({ ...values, serviceId: scope.serviceId });
      break;
  }
  const [row] = rows;
  return row ? toAccess(token, row) : null;
}

/**
 * Resolves a session token, with the caller's roles in the scope's workspace (and the scope's service), in one
 * query. Null when the token is unknown, revoked or expired, or its user is deleted.
 */
export async function resolveSessionAccess(
  db: Database,
  token: string,
  scope: AccessScope,
  now: Date = new Date(),
): Promise<SessionAccess | null> {
  // A NUL cannot be in a PostgreSQL string (the database would refuse the query): no such token or id exists.
  if (token.includes('\0')) return null;
  if (scope.kind !== 'none' && idOf(scope).includes('\0')) return null;
  const cache = accessCacheOf(db);
  if (!cache) return queryAccess(db, token, scope, now);
  const key = cacheKeyOf(token, scope);
  const cached = cache.get(key);
  // A cached session still ends at its expiry: the database would no longer return it.
  if (cached && cached.expiresAt.getTime() > now.getTime()) return { ...cached, token };
  if (cached) cache.delete(key);
  const found = await cache.getOrLoad(key, async () => {
    const access = await queryAccess(db, token, scope, now);
    if (!access) return null;
    const { token: _token, ...rest } = access;
    // Frozen: every request that hits the entry shares these objects, so no handler may change them.
    return deepFreeze(rest);
  });
  return found ? { ...found, token } : null;
}

/**
 * The token of the session with this row id, whatever its state: the caller resolves it with resolveSessionAccess,
 * so a Bearer naming a session by id is refused exactly when that session's own token is.
 */
export async function findSessionTokenById(
  db: Database,
  sessionId: string,
): Promise<string | null> {
  if (sessionId.includes('\0')) return null;
  const [row] = await db
    .select({ token: authSession.token })
    .from(authSession)
    .where(eq(authSession.id, sessionId))
    .limit(1);
  return row?.token ?? null;
}
