import { createHash } from 'node:crypto';
import { ERROR_CODES } from '@herald/contract/api/errors';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { HttpError } from '../lib/http-error';
import { countAttempt, pruneRateLimits } from './rate-limit.repository';

/**
 * Abuse limits of the identity endpoints (docs/decisions/007-identity.md), per account (the e-mail, or the user for
 * the verification re-send) and per client address, in windows opened by each key's first attempt, kept in the database (`rate_limit`), so they
 * survive restarts and hold across servers. Every attempt counts, successful or not.
 */
export const RATE_LIMITS = {
  login: { windowMs: 15 * 60_000, perAccount: 10, perAddress: 50 },
  signup: { windowMs: 60 * 60_000, perAccount: 5, perAddress: 20 },
  passwordReset: { windowMs: 60 * 60_000, perAccount: 5, perAddress: 20 },
  verificationResend: { windowMs: 60 * 60_000, perAccount: 5, perAddress: 20 },
  // The sign-up page's look-up of an invitation link (the "account" is the invitation id): a page load or two per
  // person, so guessing ids (UUIDs, not guessable anyway) or scraping one link stops quickly.
  invitePreview: { windowMs: 15 * 60_000, perAccount: 20, perAddress: 60 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitAction = keyof typeof RATE_LIMITS;

export interface RateLimitRule {
  windowMs: number;
  perAccount: number;
  perAddress: number;
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Counters never name an e-mail address in clear. */
function accountKey(account: string): string {
  return createHash('sha256').update(account.toLowerCase()).digest('base64url');
}

/** Counters older than this are deleted now and then (the longest window is an hour). */
const PRUNE_AFTER_MS = 24 * 60 * 60_000;
const PRUNE_PROBABILITY = 0.01;

/**
 * Counts an attempt of `action` for the account (when known) and for the client address, and refuses it with
 * 429 TOO_MANY_REQUESTS and Retry-After once either is over its limit. The client address is `request.ip`: the
 * socket's address, or with TRUST_PROXY the address that many proxy hops back in X-Forwarded-For.
 */
export async function enforceRateLimit(
  db: Database,
  request: FastifyRequest,
  action: RateLimitAction,
  account: string | undefined,
  now: Date = new Date(),
  perAddress: number = RATE_LIMITS[action].perAddress,
): Promise<void> {
  const rule: RateLimitRule = { ...RATE_LIMITS[action], perAddress };
  const counters = [{ key: `${action}:address:${request.ip}`, limit: rule.perAddress }];
  if (account !== undefined) {
    counters.push({ key: `${action}:account:${accountKey(account)}`, limit: rule.perAccount });
  }
  let retryAfterMs = 0;
  for (const { key, limit } of counters) {
    const { count, windowStart } = await countAttempt(db, key, rule.windowMs, now);
    if (count > limit) {
      retryAfterMs = Math.max(retryAfterMs, windowStart.getTime() + rule.windowMs - now.getTime());
    }
  }
  if (Math.random() < PRUNE_PROBABILITY) {
    await pruneRateLimits(db, new Date(now.getTime() - PRUNE_AFTER_MS));
  }
  if (retryAfterMs > 0) {
    const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    throw new HttpError(
      429,
      ERROR_CODES.tooManyRequests,
      tooManyAttemptsMessage(retryAfterSeconds),
      {
        headers: { 'retry-after': String(retryAfterSeconds) },
      },
    );
  }
}
