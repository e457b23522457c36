import { routes } from '@herald/contract/api/routes';
import type {
  RestEndpointState,
  RestPollResult,
} from '@herald/contract/rest-adapters/rest-adapter-process';
import type { RestAdapterState } from '@herald/contract/rest-adapters/rest-adapter-state';
import type { RestApi, RestEndpoint } from '@herald/contract/rest-adapters/rest-api.schema';
import { handle, type MockHandler } from '../../../testing/api-mock';
import {
  renderServicePage,
  type RenderServicePageOptions,
} from '../../../testing/render-service-page';

export function buildEndpoint(overrides: Partial<RestEndpoint> = {}): RestEndpoint {
  return {
    id: 'ep-1',
    path: '/prices/eur?depth=1',
    topicPath: null,
    pollIntervalMs: 5_000,
    valuePointer: null,
    ...overrides,
  };
}

export function buildRestApi(overrides: Partial<RestApi> = {}): RestApi {
  return {
    id: 'api-1',
    label: 'Prices',
    headers: [{ name: 'Accept', value: 'application/json' }],
    baseUrl: 'https://api.example.com/v1',
    baseTopicPath: 'market',
    authentication: { type: 'bearer' },
    queryParameters: [{ name: 'key', value: 'k-1' }],
    endpoints: [buildEndpoint()],
    ...overrides,
  };
}

export function buildEndpointState(overrides: Partial<RestEndpointState> = {}): RestEndpointState {
  const now = Date.now();
  return {
    apiId: 'api-1',
    endpointId: 'ep-1',
    topicPath: 'market/prices/eur',
    lastPollAt: now - 2_000,
    lastOutcome: 'published',
    lastStatus: 200,
    lastDurationMs: 42,
    lastError: null,
    lastValue: { type: 'JSON', preview: '{"price":12.5}', bytes: 14, truncated: false },
    lastValueAt: now - 12_000,
    consecutiveFailures: 0,
    nextPollAt: now + 3_000,
    ...overrides,
  };
}

export function buildRestState(overrides: Partial<RestAdapterState> = {}): RestAdapterState {
  return {
    adapter: { adapterId: 'ra-1', type: 'rest-gateway', version: '1.0', active: true },
    running: true,
    status: 'RUNNING',
    endpoints: [buildEndpointState()],
    ...overrides,
  };
}

export function buildPollResult(overrides: Partial<RestPollResult> = {}): RestPollResult {
  return {
    apiId: 'api-1',
    endpointId: 'ep-1',
    url: 'https://api.example.com/v1/prices/eur?key=***&depth=1',
    topicPath: 'market/prices/eur',
    outcome: 'published',
    status: 200,
    contentType: 'application/json',
    durationMs: 31,
    body: { type: 'JSON', preview: '{"data":{"price":13}}', bytes: 21, truncated: false },
    value: { type: 'JSON', preview: '{"data":{"price":13}}', bytes: 21, truncated: false },
    published: true,
    error: null,
    at: Date.now(),
    ...overrides,
  };
}

export interface RestServerState {
  apis: RestApi[];
  state: RestAdapterState;
}

/** The list and the adapter's state, answered from `server` (tests change it as the server would). */
export function restHandlers(server: RestServerState): MockHandler[] {
  return [
    handle(routes.listRestApis, () => ({ status: 200, body: server.apis })),
    handle(routes.getRestAdapterState, () => ({ status: 200, body: server.state })),
  ];
}

export function renderRest(
  path: string,
  server: RestServerState,
  handlers: MockHandler[] = [],
  options: Omit<RenderServicePageOptions, 'handlers'> = {},
) {
  return renderServicePage(path, { ...options, handlers: [...handlers, ...restHandlers(server)] });
}
