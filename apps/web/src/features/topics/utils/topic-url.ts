/**
 * The topic browser's URL is the selected topic path (spec section 2, `topics/*`): `/service/{id}/topics/` is the
 * root and each path segment follows, URI-encoded, so a link can be bookmarked and shared. Paths have no empty
 * segment (DATA-PLANE "Topics"), so `/` only ever separates segments.
 */
export function topicBrowserUrl(serviceId: string, path: string): string {
  const encoded = path === '' ? '' : path.split('/').map(encodeURIComponent).join('/');
  return `/service/${encodeURIComponent(serviceId)}/topics/${encoded}`;
}

/**
 * The selected path from the route's splat (React Router hands it decoded). A trailing `/` (a hand-typed URL) is
 * dropped; repeated slashes cannot name a topic and are collapsed.
 */
export function topicPathFromSplat(splat: string | undefined): string {
  if (splat === undefined) return '';
  return splat
    .split('/')
    .filter((segment) => segment !== '')
    .join('/');
}

/** 'a/b/c' → 'a/b'; a first-level path → '' (the root). */
export function parentPath(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** The proper ancestors of a path, outermost first: 'a/b/c' → ['a', 'a/b']. */
export function ancestorPaths(path: string): string[] {
  if (path === '') return [];
  const segments = path.split('/');
  return segments.slice(0, -1).map((_, index) => segments.slice(0, index + 1).join('/'));
}
