import { describe, expect, it } from 'vitest';
import { evaluateOnboardingGate } from '../users/onboarding-gate';
import { marketplaceStatusForPath } from './marketplace-gate';
import type { GateWorkspace } from './marketplace-gate';

const own: GateWorkspace = { workspace_id: 'own', provider: null, services: ['svc-own'] };
const expired: GateWorkspace = {
  workspace_id: 'mkt',
  provider: 'awsMarketplace',
  billingProvider: 'awsMarketplace',
  awsMarketplaceSubscriptionStatus: 'unsubscribe-success',
  services: [{ serviceId: 'svc-mkt' }],
};
const workspaces = [own, expired];

describe('the marketplace status the gate applies on a path', () => {
  it.each([
    ['/workspace/mkt', null, 'unsubscribe-success'],
    ['/workspace/mkt/billing', null, 'unsubscribe-success'],
    ['/service/svc-mkt/topics/a/b', null, 'unsubscribe-success'],
    ['/workspace/own', 'mkt', null],
    ['/service/svc-own', 'mkt', null],
    ['/workspace', 'mkt', 'unsubscribe-success'],
    ['/onboarding/details', 'mkt', 'unsubscribe-success'],
    ['/workspace', null, null],
    ['/workspace', 'gone', null],
    ['/workspace/unknown', 'mkt', null],
    ['/service/unknown', 'mkt', null],
  ])('%s (default %s) → %s', (pathname, defaultWorkspaceId, expected) => {
    expect(marketplaceStatusForPath({ pathname, workspaces, defaultWorkspaceId })).toBe(expected);
  });

  it('ignores a status on a workspace that is not a marketplace organisation', () => {
    expect(
      marketplaceStatusForPath({
        pathname: '/workspace/x',
        workspaces: [
          { ...own, workspace_id: 'x', awsMarketplaceSubscriptionStatus: 'subscribe-fail' },
        ],
        defaultWorkspaceId: null,
      }),
    ).toBeNull();
  });

  it.each([
    ['/workspace/mkt', { action: 'redirect', to: '/aws/expired' }],
    ['/service/svc-mkt/settings', { action: 'redirect', to: '/aws/expired' }],
    ['/workspace/own', { action: 'allow' }],
    ['/aws/signup', { action: 'allow' }],
  ])('with the gate: %s → %j', (path, decision) => {
    const status = marketplaceStatusForPath({
      pathname: path,
      workspaces,
      defaultWorkspaceId: 'own',
    });
    expect(
      evaluateOnboardingGate({
        user: { emailVerified: true, detailsComplete: true, firstService: true },
        hasPendingInvites: false,
        marketplaceSubscriptionStatus: status,
        path,
      }),
    ).toEqual(decision);
  });
});
