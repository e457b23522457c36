import { describe, expect, it } from 'vitest';
import { createLoginThrottle, loginThrottleKeys } from './login-throttle';

const options = { maxFailures: 3, windowMs: 1000, maxKeys: 100 };

describe('createLoginThrottle', () => {
  it('lets attempts through until the failures in the window reach the limit', () => {
    const throttle = createLoginThrottle(options);
    const keys = loginThrottleKeys('10.0.0.1', 'alice');
    for (const now of [0, 100, 200]) {
      expect(throttle.check(keys, now)).toEqual({ blocked: false });
      throttle.recordFailure(keys, now);
    }
    expect(throttle.check(keys, 300)).toEqual({
      blocked: true,
      key: 'address:10.0.0.1',
      retryAfterMs: 700,
    });
  });

  it('opens again once the oldest counted failure leaves the window', () => {
    const throttle = createLoginThrottle(options);
    const keys = ['principal:alice'];
    for (const now of [0, 500, 900]) throttle.recordFailure(keys, now);
    expect(throttle.check(keys, 999).blocked).toBe(true);
    expect(throttle.check(keys, 1000)).toEqual({ blocked: false });
  });

  it('blocks a principal guessed at from many addresses, and not its neighbours', () => {
    const throttle = createLoginThrottle(options);
    for (const address of ['a', 'b', 'c']) {
      throttle.recordFailure(loginThrottleKeys(address, 'alice'), 0);
    }
    expect(throttle.check(loginThrottleKeys('d', 'alice'), 1)).toMatchObject({
      blocked: true,
      key: 'principal:alice',
    });
    expect(throttle.check(loginThrottleKeys('d', 'bob'), 1)).toEqual({ blocked: false });
  });

  it("clears a principal's failures on success, but not its address's", () => {
    const throttle = createLoginThrottle(options);
    const keys = loginThrottleKeys('10.0.0.1', 'alice');
    throttle.recordFailure(keys, 0);
    throttle.recordFailure(keys, 0);
    throttle.recordSuccess('principal:alice');
    throttle.recordFailure(loginThrottleKeys('10.0.0.1', 'bob'), 0);
    expect(throttle.check(['principal:alice'], 1)).toEqual({ blocked: false });
    expect(throttle.check(['address:10.0.0.1'], 1)).toMatchObject({ blocked: true });
  });

  it('remembers at most maxKeys keys, forgetting the least recently failed', () => {
    const throttle = createLoginThrottle({ maxFailures: 1, windowMs: 1000, maxKeys: 2 });
    throttle.recordFailure(['k1'], 0);
    throttle.recordFailure(['k2'], 0);
    throttle.recordFailure(['k3'], 0);
    expect(throttle.check(['k1'], 1)).toEqual({ blocked: false });
    expect(throttle.check(['k2'], 1).blocked).toBe(true);
    expect(throttle.check(['k3'], 1).blocked).toBe(true);
  });

  it('leaves the address out when it is unknown', () => {
    expect(loginThrottleKeys(null, 'alice')).toEqual(['principal:alice']);
  });
});
