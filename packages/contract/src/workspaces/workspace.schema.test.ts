import { describe, expect, it } from 'vitest';
import { createWorkspaceRequestSchema, workspaceSchema } from './workspace.schema';

const workspace = {
  workspace_id: 'ws-1',
  name: 'Platform team',
  company_name: null,
  users: [{ customerid: 'cus_1', email: 'ada@example.com', roles: ['Owner'] }],
  services: ['svc-1'],
  provider: null,
  paymentMethodExempted: false,
  manuallyBilled: false,
  isFreeTrialAvailable: true,
};

describe('the workspace', () => {
  it('lists service ids when services are not expanded', () => {
    expect(workspaceSchema.parse(workspace).services).toEqual(['svc-1']);
  });

  it('accepts a marketplace organisation with its subscription status', () => {
    const marketplace = {
      ...workspace,
      provider: 'awsMarketplace',
      billingProvider: 'awsMarketplace',
      awsMarketplaceSubscriptionStatus: 'subscribe-fail',
    };
    expect(workspaceSchema.safeParse(marketplace).success).toBe(true);
    expect(
      workspaceSchema.safeParse({ ...marketplace, awsMarketplaceSubscriptionStatus: 'expired' })
        .success,
    ).toBe(false);
  });

  it('accepts only the section 6 roles for its users', () => {
    const withAdmin = {
      ...workspace,
      users: [{ customerid: 'c', email: 'e@example.com', roles: ['Administrator'] }],
    };
    expect(workspaceSchema.safeParse(withAdmin).success).toBe(false);
  });
});

describe('the create team request', () => {
  it('names the field in its messages', () => {
    expect(createWorkspaceRequestSchema.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe(
      'Team name is required',
    );
  });
});
