import type { KeyValuePair } from './rest-api.schema';

/**
 * Where an endpoint is polled and which topic it feeds (spec section 3: an endpoint's `pathname` and `url` are
 * derived from its API's `baseUrl`; DATA-PLANE "Adapters": the response goes under `baseTopicPath` + the endpoint's
 * topic path). One pure function for the adapter that polls, the server that previews and the screens that show it.
 */

export interface RestEndpointTargetInput {
  baseUrl: string;
  baseTopicPath: string;
  queryParameters: readonly KeyValuePair[];
  endpoint: { path: string; topicPath?: string | null };
}

export interface RestEndpointTarget {
  /** The URL's path: the base URL's path joined with the endpoint's (one `/` between them). */
  pathname: string;
  /** The whole URL polled: the API's query parameters first, then the endpoint path's own. */
  url: string;
  /** The topic the response is published to. */
  topicPath: string;
}

/** A derived topic segment never holds an MQTT wildcard or a NUL: those cannot be published to. */
const safeSegment = (segment: string) => segment.replace(/[+#]|\0/g, '_');

/**
 * The endpoint's own topic path when it names none: its URL path's segments (`/v1/prices/eur?x=1` → `v1/prices/eur`),
 * `index` for `/`.
 */
export function derivedTopicPath(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const segments = pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map(safeSegment);
  return segments.length === 0 ? 'index' : segments.join('/');
}

export function restEndpointTarget(input: RestEndpointTargetInput): RestEndpointTarget {
  const base = new URL(input.baseUrl);
  const relative = new URL(input.endpoint.path, 'http://placeholder.invalid');
  const pathname = `${base.pathname.replace(/\/+$/, '')}${relative.pathname}`;
  const url = new URL(base.origin);
  url.pathname = pathname;
  for (const [name, value] of base.searchParams) url.searchParams.append(name, value);
  for (const { name, value } of input.queryParameters) url.searchParams.append(name, value);
  for (const [name, value] of relative.searchParams) url.searchParams.append(name, value);
  const own = input.endpoint.topicPath ?? derivedTopicPath(input.endpoint.path);
  const topicPath = input.baseTopicPath === '' ? own : `${input.baseTopicPath}/${own}`;
  return { pathname, url: url.toString(), topicPath };
}
