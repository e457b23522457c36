/**
 * A percent-encoded unreserved character (RFC 3986 section 2.3: ALPHA, DIGIT, `-`, `.`, `_`, `~`). Such a URI is
 * equivalent to the one with the character itself (section 6.2.2.2) and no URI producer should make one.
 */
const ENCODED_UNRESERVED = /%(?:3[0-9]|4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|2[DE]|5F|7E)/gi;

/**
 * The request URL with every percent-encoded unreserved character of its path decoded, the query untouched. The
 * router decodes them before matching (`/%763/auth/login` is `/v3/auth/login` to it); every check that reads the
 * path (the origin check, the JSON-only rule, API or page, the operator and console paths) must see the path the
 * router routes, so the URL is made canonical once, before routing (Fastify's `rewriteUrl`; issue 25).
 */
export function canonicalUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  if (!path.includes('%')) return url;
  const canonical = path.replace(ENCODED_UNRESERVED, (escape) =>
    String.fromCharCode(Number.parseInt(escape.slice(1), 16)),
  );
  return queryStart === -1 ? canonical : `${canonical}${url.slice(queryStart)}`;
}
