import { describe, expect, it } from 'vitest';
import { MARKETPLACE_SUBSCRIPTION_STATUSES } from '../constants';
import {
  PUBLIC_PATHS,
  evaluateOnboardingGate,
  isMarketplaceSubscriptionExpired,
  isPublicPath,
  type OnboardingGateInput,
  type OnboardingGateUser,
} from './onboarding-gate';

const unverified: OnboardingGateUser = {
  emailVerified: false,
  detailsComplete: false,
  firstService: false,
};
const incomplete: OnboardingGateUser = {
  emailVerified: true,
  detailsComplete: false,
  firstService: false,
};
const completeWithoutService: OnboardingGateUser = {
  emailVerified: true,
  detailsComplete: true,
  setupComplete: true,
  firstService: false,
};
const complete: OnboardingGateUser = {
  emailVerified: true,
  detailsComplete: true,
  setupComplete: true,
  firstService: true,
};

function gate(overrides: Partial<OnboardingGateInput> & Pick<OnboardingGateInput, 'path'>) {
  return evaluateOnboardingGate({ user: null, hasPendingInvites: false, ...overrides });
}

const allow = { action: 'allow' };
const to = (path: string) => ({ action: 'redirect', to: path });

describe('isPublicPath', () => {
  it.each<[string, boolean]>([
    ...PUBLIC_PATHS.map((path): [string, boolean] => [path, true]),
    ['/signup/', true],
    ['/signup?plan=basic', true],
    ['/reset-password#top', true],
    ['', true],
    ['/login/email-verified', false],
    ['/login', false],
    ['/signups', false],
    ['/aws/expired', false],
    ['/onboarding/verify-email', false],
    ['/workspace', false],
    ['/track/events/extra', false],
  ])('says %j is public: %s', (path, expected) => {
    expect(isPublicPath(path)).toBe(expected);
  });
});

describe('isMarketplaceSubscriptionExpired', () => {
  it.each([
    ['subscribe-success', false],
    ['subscribe-fail', true],
    ['unsubscribe-pending', false],
    ['unsubscribe-success', true],
    ['SUBSCRIBE-FAIL', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('says marketplace status %j is expired: %s', (status, expected) => {
    expect(isMarketplaceSubscriptionExpired(status)).toBe(expected);
  });
});

describe('the onboarding gate for an unauthenticated visitor', () => {
  it.each([...PUBLIC_PATHS, '/signup?plan=basic', '/signup/', '/login/callback?code=abc&state=x'])(
    'lets the visitor see public page %s',
    (path) => {
      expect(gate({ path })).toEqual(allow);
    },
  );

  it.each([
    '/workspace',
    '/workspace/w1/billing',
    '/service/s1/topics/a/b',
    '/onboarding/details',
    '/onboarding/verify-email',
    '/profile',
    '/login/email-verified',
    '/aws/expired',
    '/checkout/success',
    '/no-such-page',
  ])('remembers %s and sends the visitor to /', (path) => {
    expect(gate({ path })).toEqual({ action: 'redirect', to: '/', remember: path });
  });

  it.each([
    ['/service/s1/logs', '?from=10', '/service/s1/logs?from=10'],
    ['/service/s1/logs?from=10', undefined, '/service/s1/logs?from=10'],
    ['/workspace/w1', '', '/workspace/w1'],
  ])('remembers path %s with search %j as %s', (path, search, remember) => {
    expect(gate({ path, search })).toEqual({ action: 'redirect', to: '/', remember });
  });

  it('ignores a remembered path and the marketplace status until the visitor logs in', () => {
    expect(
      gate({
        path: '/',
        rememberedPath: '/service/s1',
        marketplaceSubscriptionStatus: 'subscribe-fail',
      }),
    ).toEqual(allow);
  });
});

describe('the onboarding gate for a user without a verified e-mail', () => {
  it.each([
    '/onboarding/verify-email',
    '/onboarding/verify-email/',
    '/login/email-verified',
    '/track/events',
    '/aws/signup',
  ])('allows %s', (path) => {
    expect(gate({ user: unverified, path })).toEqual(allow);
  });

  it.each([
    '/',
    '/signup',
    '/login/callback',
    '/workspace',
    '/service/s1',
    '/onboarding/details',
    '/onboarding/consider-invite',
    '/profile',
    '/aws/expired',
  ])('sends %s to /onboarding/verify-email', (path) => {
    expect(gate({ user: unverified, path })).toEqual(to('/onboarding/verify-email'));
  });

  it('asks for verification before reporting an expired marketplace subscription', () => {
    expect(
      gate({
        user: unverified,
        path: '/workspace',
        marketplaceSubscriptionStatus: 'unsubscribe-success',
      }),
    ).toEqual(to('/onboarding/verify-email'));
  });

  it('sends a user with pending invites to verification too', () => {
    expect(
      gate({ user: unverified, path: '/onboarding/consider-invite', hasPendingInvites: true }),
    ).toEqual(to('/onboarding/verify-email'));
  });
});

describe('the onboarding gate for a verified user with incomplete details', () => {
  it.each([
    [false, '/onboarding/details', allow],
    [false, '/', to('/onboarding/details')],
    [false, '/login/email-verified', allow], // the verification landing confirms the link first
    [false, '/onboarding/verify-email', to('/onboarding/details')],
    [false, '/onboarding/consider-invite', to('/onboarding/details')],
    [false, '/workspace', to('/onboarding/details')],
    [false, '/workspace/w1/members', to('/onboarding/details')],
    [false, '/service/s1', to('/onboarding/details')],
    [false, '/profile', to('/onboarding/details')],
    [false, '/track/events', allow],
    [true, '/onboarding/details', allow],
    [true, '/onboarding/consider-invite', allow],
    [true, '/workspace', allow],
    [true, '/workspace/w1/members', allow],
    [true, '/workspace/', allow],
    [true, '/workspaces', to('/onboarding/consider-invite')],
    [true, '/service/s1', to('/onboarding/consider-invite')],
    [true, '/', to('/onboarding/consider-invite')],
    [true, '/onboarding/verify-email', to('/onboarding/consider-invite')],
  ])('with pending invites %s, on %s decides %j', (hasPendingInvites, path, expected) => {
    expect(gate({ user: incomplete, hasPendingInvites, path })).toEqual(expected);
  });
});

describe('the onboarding gate for a completed user', () => {
  it.each([
    [complete, '/', to('/workspace')],
    [complete, '/signup', to('/workspace')],
    [complete, '/reset-password', to('/workspace')],
    [complete, '/login/callback', to('/workspace')],
    [complete, '/login/email-verified', to('/workspace')],
    [complete, '/onboarding/verify-email', to('/workspace')],
    [complete, '/onboarding/details', to('/workspace')],
    [complete, '/onboarding/consider-invite', to('/workspace')],
    [complete, '/workspace', allow],
    [complete, '/workspace/w1/billing', allow],
    [complete, '/service/s1/topics/a', allow],
    [complete, '/profile', allow],
    [complete, '/checkout/success', allow],
    [complete, '/aws/expired', allow],
    [complete, '/aws/signup', allow],
    [complete, '/track/events', allow],
    [completeWithoutService, '/', to('/workspace')],
    [completeWithoutService, '/signup', to('/workspace')],
    [completeWithoutService, '/login/callback', to('/workspace')],
    [completeWithoutService, '/login/email-verified', allow], // confirms the link of a complete sign-up
    [completeWithoutService, '/onboarding/details', allow],
    [completeWithoutService, '/onboarding/consider-invite', allow],
    [completeWithoutService, '/workspace', allow],
  ])('%j on %s decides %j', (user, path, expected) => {
    expect(gate({ user, path, hasPendingInvites: true })).toEqual(expected);
  });
});

describe('the onboarding gate for an expired marketplace subscription', () => {
  it.each([
    [complete, '/service/s1', to('/aws/expired')],
    [complete, '/service', to('/aws/expired')],
    [complete, '/workspace', to('/aws/expired')],
    [complete, '/workspace/w1/billing', to('/aws/expired')],
    [complete, '/onboarding/details', to('/aws/expired')],
    [complete, '/', to('/aws/expired')],
    [complete, '/login/callback', to('/aws/expired')],
    [complete, '/aws/expired', allow],
    [complete, '/profile', allow],
    [complete, '/services', allow],
    [complete, '/aws/signup', allow],
    [incomplete, '/', to('/aws/expired')],
    [incomplete, '/onboarding/details', to('/aws/expired')],
    [incomplete, '/aws/expired', allow],
    [incomplete, '/profile', to('/aws/expired')],
  ])('%j on %s decides %j', (user, path, expected) => {
    for (const status of ['subscribe-fail', 'unsubscribe-success']) {
      expect(gate({ user, path, marketplaceSubscriptionStatus: status })).toEqual(expected);
    }
  });

  it.each(['subscribe-success', 'unsubscribe-pending', null])(
    'lets a completed user with marketplace status %j open a service',
    (status) => {
      expect(
        gate({ user: complete, path: '/service/s1', marketplaceSubscriptionStatus: status }),
      ).toEqual(allow);
    },
  );
});

describe('the onboarding gate with a remembered path', () => {
  it('brings a visitor back to the page they wanted after logging in', () => {
    const wanted = gate({ path: '/service/s1/topics', search: '?q=1' });
    expect(wanted).toEqual({ action: 'redirect', to: '/', remember: '/service/s1/topics?q=1' });
    const rememberedPath = wanted.action === 'redirect' ? wanted.remember : undefined;

    expect(gate({ path: '/', rememberedPath })).toEqual(allow);
    expect(gate({ user: complete, path: '/login/callback', rememberedPath })).toEqual({
      action: 'redirect',
      to: '/service/s1/topics?q=1',
    });
    // A second look before the redirect lands still leads there (it once went on to /workspace).
    expect(gate({ user: complete, path: '/', rememberedPath })).toEqual({
      action: 'redirect',
      to: '/service/s1/topics?q=1',
    });
    // Arriving clears it.
    expect(
      gate({ user: complete, path: '/service/s1/topics', search: '?q=1', rememberedPath }),
    ).toEqual({ action: 'allow', forgetRememberedPath: true });
  });

  it('keeps the remembered path through e-mail verification and the details step', () => {
    const rememberedPath = '/workspace/w1/members';
    expect(gate({ user: unverified, path: '/', rememberedPath })).toEqual(
      to('/onboarding/verify-email'),
    );
    expect(gate({ user: unverified, path: '/onboarding/verify-email', rememberedPath })).toEqual(
      allow,
    );
    expect(gate({ user: incomplete, path: '/onboarding/verify-email', rememberedPath })).toEqual(
      to('/onboarding/details'),
    );
    expect(gate({ user: incomplete, path: '/onboarding/details', rememberedPath })).toEqual(allow);
    expect(gate({ user: complete, path: '/onboarding/details', rememberedPath })).toEqual({
      action: 'redirect',
      to: rememberedPath,
    });
  });

  it('lets an incomplete user with pending invites go to a remembered workspace', () => {
    expect(
      gate({
        user: incomplete,
        hasPendingInvites: true,
        path: '/onboarding/details',
        rememberedPath: '/workspace/w1',
      }),
    ).toEqual({ action: 'redirect', to: '/workspace/w1' });
  });

  it.each([
    [complete, '/service/s1', '/service/s1', { action: 'allow', forgetRememberedPath: true }],
    [complete, '/profile', '/service/s1', allow],
    [complete, '/workspace', '/service/s1', allow],
    [incomplete, '/service/s1', '/service/s1', to('/onboarding/details')],
  ])('%j arriving on %s with %s remembered decides %j', (user, path, rememberedPath, expected) => {
    expect(gate({ user, path, rememberedPath })).toEqual(expected);
  });

  it.each([
    '//evil.example.com/x',
    '/\\evil.example.com',
    'https://evil.example.com/',
    'service/s1',
    '/',
    '/login/email-verified',
    '/signup?x=1',
  ])('clears unusable remembered path %j without following it', (rememberedPath) => {
    expect(gate({ user: complete, path: '/', rememberedPath })).toEqual({
      action: 'redirect',
      to: '/workspace',
      forgetRememberedPath: true,
    });
  });

  it.each([null, undefined, ''])('ignores an empty remembered path %j', (rememberedPath) => {
    expect(gate({ user: complete, path: '/', rememberedPath })).toEqual(to('/workspace'));
  });

  it('keeps a remembered service for later when the subscription has expired', () => {
    expect(
      gate({
        user: complete,
        path: '/',
        rememberedPath: '/service/s1',
        marketplaceSubscriptionStatus: 'subscribe-fail',
      }),
    ).toEqual(to('/aws/expired'));
  });
});

describe('the onboarding gate never loops', () => {
  const users: [string, OnboardingGateUser | null][] = [
    ['an unauthenticated visitor', null],
    ['an unverified user', unverified],
    ['an incomplete user', incomplete],
    ['a complete user without a service', completeWithoutService],
    ['a complete user', complete],
  ];
  const paths = [
    '/',
    '/signup',
    '/reset-password',
    '/login/callback',
    '/login/email-verified',
    '/track/events',
    '/aws/signup',
    '/aws/expired',
    '/onboarding/verify-email',
    '/onboarding/details',
    '/onboarding/consider-invite',
    '/workspace',
    '/workspace/w1/billing',
    '/service/s1',
    '/service/s1/settings?tab=2',
    '/profile',
    '/checkout/failure',
    '/no-such-page',
  ];
  const statuses = [null, ...MARKETPLACE_SUBSCRIPTION_STATUSES];
  const rememberedPaths = [
    null,
    '/service/s1/topics',
    '/workspace/w1',
    '/onboarding/consider-invite',
    '/profile',
    '//evil',
    '/login/callback',
  ];

  const cases = users.flatMap(([label, user]) =>
    [false, true].flatMap((hasPendingInvites) =>
      statuses.flatMap((status) =>
        rememberedPaths.flatMap((rememberedPath) =>
          paths.map((path) => ({ label, user, hasPendingInvites, status, rememberedPath, path })),
        ),
      ),
    ),
  );

  it.each(cases)(
    'for $label (invites $hasPendingInvites, marketplace $status, remembered $rememberedPath) starting at $path',
    ({ user, hasPendingInvites, status, rememberedPath, path }) => {
      let current = path;
      let remembered: string | null = rememberedPath;
      const visited = [current];
      for (let hop = 0; hop < 4; hop += 1) {
        const decision = evaluateOnboardingGate({
          user,
          hasPendingInvites,
          marketplaceSubscriptionStatus: status,
          path: current,
          rememberedPath: remembered,
        });
        if (decision.action === 'allow') return;
        expect(decision.to).not.toBe(current);
        if (decision.remember !== undefined) remembered = decision.remember;
        if (decision.forgetRememberedPath === true) remembered = null;
        current = decision.to;
        visited.push(current);
      }
      throw new Error(`no page was allowed after 4 redirects: ${visited.join(' → ')}`);
    },
  );
});
