import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { authToken } from '../../db/schema';

export type AuthTokenPurpose = (typeof authToken.$inferSelect)['purpose'];

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function insertAuthToken(
  db: Database,
  values: {
    token: string;
    purpose: AuthTokenPurpose;
    userId: string;
    email: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  // Expired tokens are worthless; dropping them here keeps the table small without a scheduler.
  await db
    .delete(authToken)
    .where(lt(authToken.expiresAt, new Date(values.now.getTime() - 24 * 60 * 60 * 1000)));
  await db.insert(authToken).values({
    tokenHash: hashToken(values.token),
    purpose: values.purpose,
    userId: values.userId,
    email: values.email,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  });
}

/**
 * Uses a token: one conditional UPDATE, so of two concurrent uses only one succeeds. Returns the token's user and
 * e-mail, or undefined when it is unknown, of another purpose, used or expired.
 */
export async function consumeAuthToken(
  db: Database,
  token: string,
  purpose: AuthTokenPurpose,
  now: Date,
): Promise<{ userId: string; email: string } | undefined> {
  const [row] = await db
    .update(authToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(authToken.tokenHash, hashToken(token)),
        eq(authToken.purpose, purpose),
        isNull(authToken.usedAt),
        gt(authToken.expiresAt, now),
      ),
    )
    .returning({ userId: authToken.userId, email: authToken.email });
  return row;
}

/** Invalidates every unused token of a purpose for a user (after a reset, older reset links stop working). */
export async function revokeAuthTokens(
  db: Database,
  userId: string,
  purpose: AuthTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(authToken)
    .set({ usedAt: now })
    .where(
      and(eq(authToken.userId, userId), eq(authToken.purpose, purpose), isNull(authToken.usedAt)),
    );
}
