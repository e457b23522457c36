import type { Service } from '@herald/contract/services/service.schema';
import type { User } from '@herald/contract/users/user.schema';
import type { Member, WorkspaceInvite } from '@herald/contract/members/member.schema';
import type { PendingInvite, Workspace } from '@herald/contract/workspaces/workspace.schema';

/** A completed user with a first service; override what a test is about. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    customerid: 'cus_ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    email_verified: true,
    company: 'Analytical Engines',
    services: [],
    subscriptions: [],
    setupComplete: true,
    detailsComplete: true,
    firstService: 'svc-1',
    provider: 'password',
    metadata: {},
    ...overrides,
  };
}

/** Signed up, e-mail not yet verified. */
export const unverifiedUser = (overrides: Partial<User> = {}) =>
  buildUser({
    email_verified: false,
    detailsComplete: false,
    setupComplete: false,
    company: null,
    firstService: null,
    ...overrides,
  });

/** Verified, but first name, last name or company still missing. */
export const incompleteUser = (overrides: Partial<User> = {}) =>
  unverifiedUser({ email_verified: true, ...overrides });

export function buildPendingInvite(overrides: Partial<PendingInvite> = {}): PendingInvite {
  return {
    inviteId: 'inv-1',
    workspace_id: 'ws-1',
    workspaceName: 'Babbage & Co',
    email: 'ada@example.com',
    role: 'User',
    invitedBy: 'charles@example.com',
    invitedAt: '2025-03-01T10:00:00Z',
    ...overrides,
  };
}

export function buildWorkspace(overrides: Partial<Workspace> = {}): Workspace {
  return {
    workspace_id: 'ws-1',
    name: 'Analytical Engines',
    company_name: 'Analytical Engines Ltd',
    users: [{ customerid: 'cus_ada', email: 'ada@example.com', roles: ['Owner'] }],
    services: [],
    provider: null,
    paymentMethodExempted: false,
    manuallyBilled: false,
    isFreeTrialAvailable: true,
    ...overrides,
  };
}

export function buildMember(overrides: Partial<Member> = {}): Member {
  return {
    customerid: 'cus_ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    roles: ['Owner'],
    joinedAt: '2025-01-10T09:00:00Z',
    ...overrides,
  };
}

export function buildWorkspaceInvite(overrides: Partial<WorkspaceInvite> = {}): WorkspaceInvite {
  return {
    inviteId: 'inv-9',
    email: 'grace@example.com',
    role: 'User',
    invitedBy: 'ada@example.com',
    invitedAt: '2025-03-01T10:00:00Z',
    expiresAt: '2099-03-08T10:00:00Z',
    ...overrides,
  };
}

/** A running free-plan service of workspace ws-1; override what a test is about. */
export function buildService(overrides: Partial<Service> = {}): Service {
  return {
    serviceId: 'svc-1',
    label: null,
    serviceName: 'prices',
    region: 'eu-west-1.aws',
    billingPlan: 'free',
    provisioning: null,
    provisioningPlan: null,
    upgradeAvailable: false,
    heraldVersion: '6.9.2',
    workspaceId: 'ws-1',
    principal: '$dashboard',
    active: true,
    status: 'RUNNING',
    suspensionReason: null,
    useConsoleSso: false,
    interestedAlerts: { topicsCapacity: true, remoteServer: false },
    consoleSettings: { hintColor: null },
    noOfNodes: 1,
    sensitiveData: false,
    freeTrial: false,
    billingProvider: null,
    hostname: 'prices.eu-west-1.aws',
    scheduledUpdate: null,
    endpoints: {
      websocketUrl: 'ws://prices.eu-west-1.aws.localhost:3000/mqtt',
      mqttHost: 'localhost',
      mqttPort: 21883,
    },
    ...overrides,
  };
}
