import { describe, expect, it } from 'vitest';
import type { CreateServiceRequest } from '../services/service.schema';
import {
  CHECKOUT_STATE_MAX_AGE_MS,
  checkoutReloadUrl,
  createServiceCheckoutState,
  createServiceRequestFromState,
  isSafariUserAgent,
  paymentMethodCheckoutState,
  readCheckoutState,
  resumeCheckout,
  startCheckoutRequestFromState,
  upgradeCheckoutState,
} from './checkout-state';

const now = new Date('2026-11-26T12:00:00Z');
const request: CreateServiceRequest = {
  workspaceId: 'ws-1',
  serviceName: 'prices',
  label: 'Prices',
  region: 'eu-west-1.local',
  billingPlan: 'xsmall',
  heraldVersion: '6.11.0',
  highAvailability: false,
  sensitiveData: true,
};

describe('createServiceCheckoutState', () => {
  it('keeps every choice of the form with the fields of spec section 3', () => {
    expect(
      createServiceCheckoutState(request, { generatedServiceName: 'brave-otter', now }),
    ).toEqual({
      inProgress: true,
      resumeCheckout: false,
      isUpgrade: false,
      generatedServiceName: 'brave-otter',
      serviceName: 'prices',
      label: 'Prices',
      selectedRegion: 'eu-west-1.local',
      workspaceId: 'ws-1',
      isFreeTrialActivation: false,
      billingPlan: 'xsmall',
      serviceSpecifications: { tier: 'xsmall', highAvailability: false, heraldVersion: '6.11.0' },
      sensitiveDataFlag: true,
      checkoutRequestedAt: now.getTime(),
    });
  });

  it.each<[string, CreateServiceRequest]>([
    ['everything chosen', request],
    ['no label, high availability', { ...request, label: undefined, highAvailability: true }],
    [
      'no version, no sensitive data',
      { ...request, heraldVersion: undefined, sensitiveData: false },
    ],
    ['a free trial', { ...request, freeTrial: true, billingPlan: 'small' }],
  ])('resumes to the same request (%s)', (_, original) => {
    const saved = createServiceCheckoutState(original, { now });
    const resumed = readCheckoutState(JSON.stringify(resumeCheckout(saved)), now);
    expect(resumed?.resumeCheckout).toBe(true);
    const expected = Object.fromEntries(
      Object.entries({
        highAvailability: false,
        sensitiveData: false,
        ...original,
      }).filter(([, value]) => value !== undefined),
    );
    expect(createServiceRequestFromState(resumed!)).toEqual(expected);
    expect(startCheckoutRequestFromState(resumed!)).toEqual({
      purpose: 'create-service',
      service: expected,
    });
  });
});

describe('upgrade checkouts', () => {
  const where = { workspaceId: 'ws-1', serviceId: 'svc-1', serviceName: 'prices', now };

  it('resumes a plan upgrade to the same checkout', () => {
    const state = upgradeCheckoutState(
      { upgradeType: 'upgrade-service-plan', billingPlan: 'medium' },
      where,
    );
    expect(state).toMatchObject({ isUpgrade: true, upgradeType: 'upgrade-service-plan' });
    expect(createServiceRequestFromState(state)).toBeNull();
    expect(startCheckoutRequestFromState(state)).toEqual({
      purpose: 'upgrade-service-plan',
      serviceId: 'svc-1',
      billingPlan: 'medium',
    });
  });

  it.each([true, false])('resumes a cluster resize (high availability %s)', (highAvailability) => {
    const state = upgradeCheckoutState({ upgradeType: 'resize-cluster', highAvailability }, where);
    expect(startCheckoutRequestFromState(state)).toEqual({
      purpose: 'resize-cluster',
      serviceId: 'svc-1',
      highAvailability,
    });
  });

  it('cannot rebuild an upgrade without its service or its choice', () => {
    const state = upgradeCheckoutState(
      { upgradeType: 'upgrade-service-plan', billingPlan: 'medium' },
      where,
    );
    expect(startCheckoutRequestFromState({ ...state, serviceId: undefined })).toBeNull();
    expect(startCheckoutRequestFromState({ ...state, billingPlan: undefined })).toBeNull();
    expect(startCheckoutRequestFromState({ ...state, upgradeType: 'something-else' })).toBeNull();
  });

  it('a card update has nothing to resume but where to come back to', () => {
    const state = paymentMethodCheckoutState('ws-1', now);
    expect(readCheckoutState(JSON.stringify(state), now)).toEqual(state);
    expect(startCheckoutRequestFromState(state)).toBeNull();
  });
});

describe('readCheckoutState', () => {
  const saved = JSON.stringify(createServiceCheckoutState(request, { now }));
  const at = (ms: number) => new Date(now.getTime() + ms);

  it.each<[string, string | null, Date, boolean]>([
    ['a fresh state', saved, now, true],
    ['a state just under a day old', saved, at(CHECKOUT_STATE_MAX_AGE_MS), true],
    ['a state over a day old', saved, at(CHECKOUT_STATE_MAX_AGE_MS + 1), false],
    ['a state from the future', saved, at(-1), false],
    ['nothing saved', null, now, false],
    ['not JSON', '{', now, false],
    ['another shape', JSON.stringify({ inProgress: 'yes' }), now, false],
    [
      'a finished checkout',
      JSON.stringify({ inProgress: false, checkoutRequestedAt: 1 }),
      now,
      false,
    ],
    ['a state without its time', JSON.stringify({ inProgress: true }), now, false],
  ])('reads %s: %s', (_, raw, when, isKept) => {
    expect(readCheckoutState(raw, when) !== null).toBe(isKept);
  });
});

describe('Safari reload on the checkout routes (spec section 2)', () => {
  const safariMac =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
  const safariIphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const chrome =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const chromeIos =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
  const firefoxIos =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15';
  const edge = `${chrome} Edg/126.0.0.0`;
  const android =
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile Safari/537.36';
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

  it.each([
    [safariMac, true],
    [safariIphone, true],
    [chrome, false],
    [chromeIos, false],
    [firefoxIos, false],
    [edge, false],
    [android, false],
    [firefox, false],
    ['', false],
  ])('%s is Safari: %s', (userAgent, expected) => {
    expect(isSafariUserAgent(userAgent)).toBe(expected);
  });

  it.each([
    [
      safariMac,
      'https://cloud.example/checkout/success?session_id=cs_1',
      'https://cloud.example/checkout/success?session_id=cs_1&reload=true',
    ],
    [
      safariIphone,
      'https://cloud.example/checkout/failure',
      'https://cloud.example/checkout/failure?reload=true',
    ],
    [
      safariMac,
      'https://cloud.example/checkout/failure/',
      'https://cloud.example/checkout/failure/?reload=true',
    ],
    [safariMac, 'https://cloud.example/checkout/success?session_id=cs_1&reload=true', null],
    [
      safariMac,
      'https://cloud.example/checkout/success?reload=false',
      'https://cloud.example/checkout/success?reload=true',
    ],
    [safariMac, 'https://cloud.example/workspace/ws-1/billing', null],
    [safariMac, 'https://cloud.example/checkout/successful', null],
    [chrome, 'https://cloud.example/checkout/success?session_id=cs_1', null],
  ])('%s at %s reloads to %s', (userAgent, href, expected) => {
    expect(checkoutReloadUrl(userAgent, href)).toBe(expected);
  });

  it('reloads only once: the address it reloads to needs no reload', () => {
    const first = checkoutReloadUrl(
      safariMac,
      'https://cloud.example/checkout/success?session_id=cs_1',
    );
    expect(first).not.toBeNull();
    expect(checkoutReloadUrl(safariMac, first!)).toBeNull();
  });
});
