/**
 * A name that travels as one segment of a URL path (a role or principal name in the runtime's admin API, RFC 3986
 * section 3.3). Percent-encoding keeps `/`, `?`, `#` and `%` inside the segment, but `.` and `..` — and their encoded
 * forms `%2E`, `%2E%2E`, which the WHATWG URL parser treats the same — are resolved away by every URL parser on the
 * way (RFC 3986 section 5.2.4): `…/principals/../password` reaches `…/password`. So a name that is only dots is not
 * a name (issue 25), and the runtime client refuses to send such a segment at all.
 */
export const DOT_SEGMENT_MESSAGE = 'must not be "." or ".."';

/** `.` or `..`: a segment URL parsers resolve instead of passing on. */
export function isDotSegment(segment: string): boolean {
  return segment === '.' || segment === '..';
}
