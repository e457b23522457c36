import { describe, expect, it } from 'vitest';
import {
  createRestApiRequestSchema,
  restApiInputSchema,
  restEndpointInputSchema,
} from './rest-api.schema';

describe('a REST API request', () => {
  it('needs only a label and a base URL, and defaults the rest', () => {
    expect(
      restApiInputSchema.parse({ label: ' Prices ', baseUrl: 'https://api.example.com' }),
    ).toEqual({
      label: 'Prices',
      baseUrl: 'https://api.example.com',
      headers: [],
      baseTopicPath: '',
      authentication: { type: 'none' },
      queryParameters: [],
    });
  });

  it.each([
    ['an ftp URL', { baseUrl: 'ftp://example.com' }],
    ['a base topic path with a leading slash', { baseTopicPath: '/prices' }],
    ['basic authentication without username', { authentication: { type: 'basic', password: 'x' } }],
    ['an unknown authentication type', { authentication: { type: 'oauth' } }],
    ['a header without name', { headers: [{ name: ' ', value: 'v' }] }],
  ])('rejects %s', (_case, change) => {
    expect(
      restApiInputSchema.safeParse({
        label: 'Prices',
        baseUrl: 'https://api.example.com',
        ...change,
      }).success,
    ).toBe(false);
  });

  it('accepts initial endpoints on creation', () => {
    const body = {
      label: 'Prices',
      baseUrl: 'https://api.example.com',
      endpoints: [{ path: '/v1/eur', topicPath: 'eur' }],
    };
    expect(createRestApiRequestSchema.safeParse(body).success).toBe(true);
  });
});

describe('a REST endpoint request', () => {
  it.each([
    [{ path: '/v1/prices' }, true],
    [{ path: '/v1/prices', pollIntervalMs: 60_000 }, true],
    [{ path: 'v1/prices' }, false],
    [{ path: '/v1/prices', pollIntervalMs: 10 }, false],
    [{ path: '/v1/prices', valuePointer: '$.data.price' }, true],
    [{ path: '/v1/prices', valuePointer: 'data.price' }, false],
    [{ path: '/v1/prices', topicPath: 'prices/+' }, false],
    [{ path: '/v1/prices', topicPath: 'prices/#' }, false],
  ])('validates %j: %s', (body, isValid) => {
    expect(restEndpointInputSchema.safeParse(body).success).toBe(isValid);
  });
});
