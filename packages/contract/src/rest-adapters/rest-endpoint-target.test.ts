import { describe, expect, it } from 'vitest';
import { derivedTopicPath, restEndpointTarget } from './rest-endpoint-target';

describe('an endpoint target', () => {
  it('joins the base URL and the path, with the query parameters in order', () => {
    expect(
      restEndpointTarget({
        baseUrl: 'https://api.example.com/v2/',
        baseTopicPath: 'prices',
        queryParameters: [{ name: 'key', value: 'a b' }],
        endpoint: { path: '/eur?depth=1', topicPath: null },
      }),
    ).toEqual({
      pathname: '/v2/eur',
      url: 'https://api.example.com/v2/eur?key=a+b&depth=1',
      topicPath: 'prices/eur',
    });
  });

  it('keeps the base URL own query and uses a named topic path', () => {
    expect(
      restEndpointTarget({
        baseUrl: 'http://127.0.0.1:8080?token=t',
        baseTopicPath: '',
        queryParameters: [],
        endpoint: { path: '/status', topicPath: 'legacy/status' },
      }),
    ).toEqual({
      pathname: '/status',
      url: 'http://127.0.0.1:8080/status?token=t',
      topicPath: 'legacy/status',
    });
  });

  it.each([
    ['/v1/prices/eur?x=1', 'v1/prices/eur'],
    ['/', 'index'],
    ['//a//b/', 'a/b'],
    ['/a+b/#frag', 'a_b'],
    ['/c#d', 'c'],
  ])('derives the topic path of %s as %s', (path, topic) => {
    expect(derivedTopicPath(path)).toBe(topic);
  });

  it('cannot leave the base URL host through the path', () => {
    const target = restEndpointTarget({
      baseUrl: 'https://api.example.com',
      baseTopicPath: '',
      queryParameters: [],
      endpoint: { path: '//evil.example.net/x' },
    });
    expect(new URL(target.url).host).toBe('api.example.com');
  });
});
