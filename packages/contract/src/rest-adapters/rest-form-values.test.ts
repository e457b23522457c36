import { describe, expect, it } from 'vitest';
import type { RestApi } from './rest-api.schema';
import {
  restApiFormValues,
  restApiRequest,
  restEndpointFieldOfRequestPath,
  restEndpointFormValues,
  restEndpointRequest,
  restPreviewRequest,
  type RestApiFormValues,
} from './rest-form-values';

const api: RestApi = {
  id: 'api-1',
  label: 'Prices',
  headers: [{ name: 'Accept', value: 'application/json' }],
  baseUrl: 'https://api.example.com/v1',
  baseTopicPath: 'prices',
  authentication: { type: 'basic', username: 'ada' },
  queryParameters: [{ name: 'key', value: 'k-1' }],
  endpoints: [],
};

const values = (overrides: Partial<RestApiFormValues> = {}): RestApiFormValues => ({
  ...restApiFormValues(),
  label: 'Prices',
  baseUrl: 'https://api.example.com/v1',
  ...overrides,
});

describe('the REST API form', () => {
  it('starts from a saved API with its secrets empty (write-only)', () => {
    expect(restApiFormValues(api)).toEqual({
      label: 'Prices',
      baseUrl: 'https://api.example.com/v1',
      baseTopicPath: 'prices',
      headers: [{ name: 'Accept', value: 'application/json' }],
      queryParameters: [{ name: 'key', value: 'k-1' }],
      authType: 'basic',
      username: 'ada',
      password: '',
      token: '',
    });
  });

  it('sends the filled rows, not the rows left empty', () => {
    const result = restApiRequest(
      values({
        headers: [
          { name: 'Accept', value: 'text/plain' },
          { name: '', value: '' },
        ],
        queryParameters: [{ name: 'key', value: '' }],
      }),
      null,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        label: 'Prices',
        baseUrl: 'https://api.example.com/v1',
        baseTopicPath: '',
        headers: [{ name: 'Accept', value: 'text/plain' }],
        queryParameters: [{ name: 'key', value: '' }],
        authentication: { type: 'none' },
      },
    });
  });

  it.each<[string, Partial<RestApiFormValues>, 'basic' | 'bearer' | 'none' | null, object]>([
    ['no label', { label: '' }, null, { label: expect.stringMatching(/Label/) }],
    [
      'a URL that is not http',
      { baseUrl: 'ftp://x' },
      null,
      { baseUrl: 'Enter an http:// or https:// URL' },
    ],
    [
      'a base topic path with a wildcard',
      { baseTopicPath: 'prices/#' },
      null,
      { baseTopicPath: 'A topic path cannot contain "+", "#" or NUL' },
    ],
    [
      'a header without a name',
      { headers: [{ name: '', value: 'x' }] },
      null,
      { headers: expect.stringMatching(/Name/) },
    ],
    [
      'basic without a password, new',
      { authType: 'basic', username: 'ada' },
      null,
      { password: 'Password is required' },
    ],
    [
      'basic without a password, switched from bearer',
      { authType: 'basic', username: 'ada' },
      'bearer',
      { password: 'Password is required' },
    ],
    [
      'basic without a user name',
      { authType: 'basic', password: 'p' },
      null,
      { username: expect.stringMatching(/Username/) },
    ],
    ['bearer without a token, new', { authType: 'bearer' }, 'none', { token: 'Token is required' }],
  ])('refuses %s at its field', (_, overrides, stored, errors) => {
    const result = restApiRequest(values(overrides), stored);
    expect(result.ok).toBe(false);
    expect(result.ok ? {} : result.errors).toEqual(errors);
  });

  it.each([
    ['basic', { authType: 'basic' as const, username: 'ada' }, { type: 'basic', username: 'ada' }],
    ['bearer', { authType: 'bearer' as const }, { type: 'bearer' }],
  ])(
    'keeps the stored %s secret when its field is left empty',
    (type, overrides, authentication) => {
      const result = restApiRequest(values(overrides), type as 'basic' | 'bearer');
      expect(result.ok && result.value.authentication).toEqual(authentication);
    },
  );

  it('sends a new secret typed on edit', () => {
    const result = restApiRequest(values({ authType: 'bearer', token: 't-2' }), 'bearer');
    expect(result.ok && result.value.authentication).toEqual({ type: 'bearer', token: 't-2' });
  });
});

describe('the endpoint form', () => {
  it('starts with the default interval in seconds, or from a saved endpoint', () => {
    expect(restEndpointFormValues()).toEqual({
      path: '',
      topicPath: '',
      pollIntervalSeconds: 60,
      valuePointer: '',
    });
    expect(
      restEndpointFormValues({
        id: 'ep-1',
        path: '/eur',
        topicPath: null,
        pollIntervalMs: 5_000,
        valuePointer: '$.price',
      }),
    ).toEqual({ path: '/eur', topicPath: '', pollIntervalSeconds: 5, valuePointer: '$.price' });
  });

  it('sends milliseconds and leaves out what is empty', () => {
    expect(
      restEndpointRequest({
        path: '/eur',
        topicPath: ' ',
        pollIntervalSeconds: 2.5,
        valuePointer: '',
      }),
    ).toEqual({ ok: true, value: { path: '/eur', pollIntervalMs: 2_500 } });
    expect(
      restEndpointRequest({
        path: '/eur',
        topicPath: 'prices/eur',
        pollIntervalSeconds: '10',
        valuePointer: '$.data.price',
      }),
    ).toEqual({
      ok: true,
      value: {
        path: '/eur',
        topicPath: 'prices/eur',
        pollIntervalMs: 10_000,
        valuePointer: '$.data.price',
      },
    });
  });

  it.each<[string, object, object]>([
    ['no path', { path: '' }, { path: 'Path is required' }],
    ['a relative path', { path: 'eur' }, { path: 'Path must start with "/"' }],
    [
      'a wildcard topic',
      { topicPath: 'a/+' },
      { topicPath: 'A topic path cannot contain "+", "#" or NUL' },
    ],
    [
      'no interval',
      { pollIntervalSeconds: '' },
      { pollIntervalSeconds: 'Poll interval is required' },
    ],
    [
      'too often',
      { pollIntervalSeconds: 0.5 },
      { pollIntervalSeconds: 'Poll at most once a second' },
    ],
    [
      'too seldom',
      { pollIntervalSeconds: 86_401 },
      { pollIntervalSeconds: 'Poll at least once a day' },
    ],
    [
      'a pointer that does not parse',
      { valuePointer: '$.' },
      { valuePointer: 'Expected a member name after "." at position 2 of the value pointer' },
    ],
  ])('refuses %s at its field', (_, overrides, errors) => {
    const result = restEndpointRequest({
      path: '/eur',
      topicPath: '',
      pollIntervalSeconds: 60,
      valuePointer: '',
      ...overrides,
    });
    expect(result.ok ? {} : result.errors).toEqual(errors);
  });

  it('previews the endpoint as typed, whatever its interval', () => {
    expect(
      restPreviewRequest({
        path: '/eur',
        topicPath: '',
        pollIntervalSeconds: '',
        valuePointer: '$.a',
      }),
    ).toEqual({ ok: true, value: { path: '/eur', valuePointer: '$.a' } });
  });

  it.each([
    ['pollIntervalMs', 'pollIntervalSeconds'],
    ['valuePointer', 'valuePointer'],
    ['id', null],
  ])('maps the server refusal of %s to %s', (path, field) => {
    expect(restEndpointFieldOfRequestPath(path)).toBe(field);
  });
});
