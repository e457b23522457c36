import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { authSession, authUser } from '../db/schema';

/**
 * A signed-in identity without going through sign-up (no password hashing): an auth_user with the given id and
 * one session. Returns the session token, for `Authorization: Bearer` or the `auth` cookie. For tests whose
 * subject is not identity itself (flags targeting, later the authorization matrix).
 */
export async function createTestSession(
  db: Database,
  options: { userId: string; email?: string; emailVerified?: boolean },
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const now = new Date();
  await db
    .insert(authUser)
    .values({
      id: options.userId,
      name: options.userId,
      email: options.email ?? `${options.userId}@example.com`,
      emailVerified: options.emailVerified ?? true,
    })
    .onConflictDoNothing();
  await db.insert(authSession).values({
    id: randomBytes(12).toString('base64url'),
    token,
    userId: options.userId,
    expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
  });
  return token;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
