import { describe, expect, it } from 'vitest';
import { runtimeBaseEnv } from './runtime-env';

describe('runtimeBaseEnv', () => {
  const env = {
    PATH: '/usr/bin',
    HOME: '/root',
    NODE_ENV: 'production',
    HERALD_MAX_MESSAGE_BYTES: '2048',
    AUTH_SECRET: 'a'.repeat(64),
    DATABASE_URL: 'postgres://herald:secret@db/herald',
    SMTP_URL: 'smtp://user:pass@mail:25',
    STRIPE_SECRET_KEY: 'sk_test_x',
  };

  it('keeps what Node.js needs and the operator’s HERALD_ runtime settings', () => {
    expect(runtimeBaseEnv(env)).toEqual({
      PATH: '/usr/bin',
      HOME: '/root',
      NODE_ENV: 'production',
      HERALD_MAX_MESSAGE_BYTES: '2048',
    });
  });

  it('never hands the control plane’s secrets to a runtime', () => {
    const inherited = Object.keys(runtimeBaseEnv(env));
    for (const secret of ['AUTH_SECRET', 'DATABASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY']) {
      expect(inherited).not.toContain(secret);
    }
  });

  it('never passes on a metrics secret from the control plane’s own environment', () => {
    const inherited = runtimeBaseEnv({ ...env, HERALD_METRICS_TOKEN: 'x'.repeat(40) });
    expect(Object.keys(inherited)).not.toContain('HERALD_METRICS_TOKEN');
    expect(inherited.HERALD_MAX_MESSAGE_BYTES).toBe('2048');
  });
});
