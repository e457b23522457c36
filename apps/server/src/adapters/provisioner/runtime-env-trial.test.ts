import { parseRuntimeEnv } from '@herald/runtime/config';
import { describe, expect, it } from 'vitest';
import { planRuntimeEnv } from './runtime-env';

describe('the plan settings a runtime is started with', () => {
  it('turns topic persistence off for a free trial (spec section 9), and leaves it on otherwise', () => {
    expect(planRuntimeEnv({ billingPlan: 'freeTrial' })).toEqual({
      HERALD_TOPIC_PERSISTENCE: 'off',
    });
    expect(planRuntimeEnv({ billingPlan: 'small' })).toEqual({});
    expect(planRuntimeEnv({ billingPlan: 'free' })).toEqual({});
  });

  it('is read by the runtime as no topic persistence', () => {
    const parsed = parseRuntimeEnv({
      HERALD_SERVICE_ID: 'svc',
      HERALD_SERVICE_NAME: 'name',
      HERALD_WORKSPACE_ID: 'ws',
      HERALD_VERSION: '6.9.2',
      HERALD_DATA_DIR: '/tmp/x',
      HERALD_JWKS: '{"keys":[{"kty":"EC"}]}',
      ...planRuntimeEnv({ billingPlan: 'freeTrial' }),
    });
    expect(parsed.ok && parsed.config.topicPersistence).toBe(false);
  });
});
