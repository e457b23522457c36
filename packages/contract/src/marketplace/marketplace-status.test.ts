import { describe, expect, it } from 'vitest';
import { MARKETPLACE_SUBSCRIPTION_STATUSES } from '../constants';
import type { MarketplaceSubscriptionStatus } from '../constants';
import {
  isMarketplaceSubscriptionExpired,
  isMarketplaceSubscriptionStatus,
  isMarketplaceWorkspace,
  marketplaceMeteringAllowed,
  marketplaceServiceAction,
  marketplaceServicesMayRun,
  statusFromEntitlements,
} from './marketplace-status';

describe('marketplace subscription statuses (section 4)', () => {
  it.each<[MarketplaceSubscriptionStatus, boolean, boolean, boolean]>([
    // status, expired, services may run, metered
    ['subscribe-success', false, true, true],
    ['subscribe-fail', true, false, false],
    ['unsubscribe-pending', false, true, true],
    ['unsubscribe-success', true, false, false],
  ])('%s: expired %s, services run %s, metered %s', (status, expired, run, metered) => {
    expect(isMarketplaceSubscriptionExpired(status)).toBe(expired);
    expect(marketplaceServicesMayRun(status)).toBe(run);
    expect(marketplaceMeteringAllowed(status)).toBe(metered);
  });

  it('knows exactly the four wire values', () => {
    for (const status of MARKETPLACE_SUBSCRIPTION_STATUSES) {
      expect(isMarketplaceSubscriptionStatus(status)).toBe(true);
    }
    expect(isMarketplaceSubscriptionStatus('unsubscribed')).toBe(false);
    expect(isMarketplaceSubscriptionStatus(undefined)).toBe(false);
  });

  it.each([
    [{ provider: 'awsMarketplace' }, true],
    [{ provider: null, billingProvider: 'awsMarketplace' }, true],
    [{ provider: null }, false],
    [{ provider: 'stripe' }, false],
  ])('a workspace %j is a marketplace organisation: %s', (workspace, expected) => {
    expect(isMarketplaceWorkspace(workspace)).toBe(expected);
  });
});

describe('what a status change does to the services', () => {
  it.each<[MarketplaceSubscriptionStatus | null, MarketplaceSubscriptionStatus, string]>([
    [null, 'subscribe-success', 'none'],
    [null, 'subscribe-fail', 'suspend'],
    ['subscribe-success', 'unsubscribe-pending', 'none'],
    ['unsubscribe-pending', 'unsubscribe-success', 'suspend'],
    ['subscribe-success', 'unsubscribe-success', 'suspend'],
    ['subscribe-success', 'subscribe-fail', 'suspend'],
    ['unsubscribe-success', 'subscribe-success', 'resume'],
    ['subscribe-fail', 'subscribe-success', 'resume'],
    ['subscribe-fail', 'unsubscribe-success', 'none'],
    ['subscribe-success', 'subscribe-success', 'none'],
  ])('from %s to %s: %s', (from, to, action) => {
    expect(marketplaceServiceAction(from, to)).toBe(action);
  });
});

describe('the status an entitlement check implies (AWS adapter)', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const later = new Date('2026-12-26T12:00:00Z');
  const earlier = new Date('2026-10-26T12:00:00Z');

  it.each<[string, { expirationDate?: Date }[], MarketplaceSubscriptionStatus | null, string]>([
    ['a current entitlement', [{ expirationDate: later }], null, 'subscribe-success'],
    ['an entitlement without end', [{}], 'unsubscribe-success', 'subscribe-success'],
    ['only ended entitlements, first check', [{ expirationDate: earlier }], null, 'subscribe-fail'],
    ['none after a subscription', [], 'subscribe-success', 'unsubscribe-success'],
    ['none while pending', [], 'unsubscribe-pending', 'unsubscribe-success'],
    ['none after a failed subscription', [], 'subscribe-fail', 'subscribe-fail'],
    [
      'an entitlement ending exactly now',
      [{ expirationDate: now }],
      'subscribe-success',
      'unsubscribe-success',
    ],
  ])('%s gives %s → %s', (_label, entitlements, previous, expected) => {
    expect(statusFromEntitlements(entitlements, now, previous)).toBe(expected);
  });
});
