import { describe, expect, it } from 'vitest';
import { maskedUrl, requestHeaders, USER_AGENT, validatorsOf } from './request-plan';

describe('requestHeaders', () => {
  const headers = [{ name: 'X-Api-Key', value: 'k-123' }];
  it.each([
    [
      'no authentication, no validators',
      { headers, authentication: { type: 'none' as const } },
      null,
      { 'user-agent': USER_AGENT, accept: '*/*', 'x-api-key': 'k-123' },
    ],
    [
      'basic authentication',
      { headers: [], authentication: { type: 'basic' as const, username: 'ann', password: 'p:w' } },
      null,
      { 'user-agent': USER_AGENT, accept: '*/*', authorization: `Basic ${btoa('ann:p:w')}` },
    ],
    [
      'bearer authentication and an ETag',
      { headers: [], authentication: { type: 'bearer' as const, token: 't0k' } },
      { etag: '"v1"', lastModified: null },
      {
        'user-agent': USER_AGENT,
        accept: '*/*',
        authorization: 'Bearer t0k',
        'if-none-match': '"v1"',
      },
    ],
    [
      'a Last-Modified, and the API overriding Accept',
      {
        headers: [{ name: 'Accept', value: 'application/json' }],
        authentication: { type: 'none' as const },
      },
      { etag: null, lastModified: 'Sat, 28 Nov 2026 10:00:00 GMT' },
      {
        'user-agent': USER_AGENT,
        accept: 'application/json',
        'if-modified-since': 'Sat, 28 Nov 2026 10:00:00 GMT',
      },
    ],
  ])('%s', (_name, api, validators, expected) => {
    expect(requestHeaders(api, validators)).toEqual(expected);
  });
});

describe('maskedUrl', () => {
  it.each([
    ['https://api.example.com/v1/prices', 'https://api.example.com/v1/prices'],
    [
      'https://api.example.com/v1?key=secret&currency=eur',
      'https://api.example.com/v1?key=***&currency=***',
    ],
    ['https://ann:pw@api.example.com/v1?a=1&a=2', 'https://api.example.com/v1?a=***&a=***'],
    ['not a url', '(not a URL)'],
  ])('%s → %s', (url, shown) => {
    expect(maskedUrl(url)).toBe(shown);
  });
});

describe('validatorsOf', () => {
  it.each([
    [{}, { etag: null, lastModified: null }],
    [
      { etag: '"a"', 'last-modified': 'Sat, 28 Nov 2026 10:00:00 GMT' },
      { etag: '"a"', lastModified: 'Sat, 28 Nov 2026 10:00:00 GMT' },
    ],
  ])('%j', (headers, expected) => {
    expect(validatorsOf(headers)).toEqual(expected);
  });
});
