import { ancestorPaths, parentPath } from './topic-url';

/** One level of the tree as the tree query keeps it: the children of a path. */
export interface TreeLevelNodes {
  nodes: readonly { path: string }[];
}

/**
 * Where to send someone from a path that names no topic (issue 25: a missing `no/such/thing` offered "Go to
 * no/such", which did not exist either): its nearest ancestor that the tree shows, '' (the top of the tree) when
 * none is known. An ancestor exists when the level above it lists it; a level not loaded proves nothing.
 */
export function nearestExistingBranch(
  path: string,
  levelOf: (parent: string) => TreeLevelNodes | undefined,
): string {
  for (const ancestor of ancestorPaths(path).reverse()) {
    const level = levelOf(parentPath(ancestor));
    if (level?.nodes.some((node) => node.path === ancestor)) return ancestor;
  }
  return '';
}
