import { isDotSegment } from '@herald/contract/common/path-segment';
import { RuntimeCallError } from './runtime-call-error';

/**
 * The one way a URL path to a runtime is built (issue 25): from its segments, each percent-encoded whole, so a name
 * holding `/`, `?`, `#` or `%` stays one segment. A segment that is empty, `.` or `..` is refused: URL parsers
 * resolve it (encoded or not: WHATWG treats `%2E%2E` as `..`), and the call would reach another admin route than
 * the one the control plane checked and audits. The contract's schemas refuse such names first (common/path-segment).
 */
export function runtimePath(...segments: string[]): string {
  for (const segment of segments) {
    if (segment === '' || isDotSegment(segment)) {
      throw new RuntimeCallError(`Refused to call the runtime with the path segment "${segment}"`);
    }
  }
  return `/${segments.map(encodeURIComponent).join('/')}`;
}

/**
 * The runtime's admin URL of one topic. The path goes in the query: a topic path is any MQTT topic name, so a segment
 * may be `.` or `..` (DATA-PLANE "Topics"), which a URL path cannot carry.
 */
export function runtimeTopicUrl(topicPath: string): string {
  return withQuery(runtimePath('admin', 'topic'), { path: topicPath });
}

/** The runtime's admin URL of one role of the security store. */
export function runtimeRoleUrl(name: string): string {
  return runtimePath('admin', 'security', 'roles', name);
}

/** The runtime's admin URL of one principal, or of a part of it (`password`). */
export function runtimePrincipalUrl(name: string, ...part: Array<'password'>): string {
  return runtimePath('admin', 'principals', name, ...part);
}

/** `path?name=value&...` with the defined parameters only. */
export function withQuery(
  path: string,
  query: Record<string, string | number | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}
