import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical-url';

describe('canonicalUrl', () => {
  it.each([
    ['/v3/auth/login', '/v3/auth/login'],
    ['/%763/auth/login', '/v3/auth/login'],
    ['/%76%33/auth/%6C%6Fgin', '/v3/auth/login'],
    ['/v3/service%2Dapi/token', '/v3/service-api/token'],
    ['/%5Foperator/run', '/_operator/run'],
    ['/%2E%2e/%7E', '/../~'],
    // Reserved and other characters keep their encoding: they mean something else decoded.
    ['/v3%2Fauth/login', '/v3%2Fauth/login'],
    ['/v3/topic/a%20b%25c%3Fd', '/v3/topic/a%20b%25c%3Fd'],
    ['/v3/x/%C3%A9', '/v3/x/%C3%A9'],
    // The query is the route's input, not its address: left alone.
    ['/%763/user?next=%76', '/v3/user?next=%76'],
    ['/v3/user?next=%76', '/v3/user?next=%76'],
  ])('%s → %s', (url, expected) => {
    expect(canonicalUrl(url)).toBe(expected);
  });
});
