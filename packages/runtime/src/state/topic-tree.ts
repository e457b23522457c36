import type { TopicType } from '@herald/contract/topics/topic.schema';
import { selectorMatches, type TopicSelector } from '@herald/contract/topics/topic-selector';

/**
 * The topic tree: an index (trie) of topic paths by segment, kept in step with the topic map on every write and
 * removal. It answers the browser's questions without scanning every topic: the children of a path in name order
 * with, per child, its type and how many topics lie below it; the topics under a selector's prefix in tree order
 * (a path, then its children's subtrees in name order: the order of `GET /admin/topics`); and counts per selector.
 * Names compare by UTF-16 code units (JavaScript `<`); a node's sorted child names are cached until a child comes
 * or goes, so paging through 10,000 children sorts them once.
 */
interface TreeNode {
  name: string;
  path: string;
  /** The topic's type when this path is a topic. */
  type: TopicType | null;
  /** Topics strictly below this node. */
  descendants: number;
  /**
   * MQTT publishes to this topic and every topic below it since the runtime started (issue 25 item 17: counts and
   * rates per branch). Incremented up the parent pointers on each publish: no allocation on the publish path.
   */
  messages: number;
  /** The QoS of the last MQTT publish to this topic since the runtime started; -1 for none. */
  qos: number;
  parent: TreeNode | null;
  children: Map<string, TreeNode> | null;
  sortedNames: string[] | null;
}

export interface TreeChild {
  name: string;
  path: string;
  type: TopicType | null;
  descendants: number;
  messages: number;
}

export interface TreeChildren {
  nodes: TreeChild[];
  total: number;
  hasMore: boolean;
}

function newNode(name: string, path: string, parent: TreeNode | null): TreeNode {
  return {
    name,
    path,
    type: null,
    descendants: 0,
    messages: 0,
    qos: -1,
    parent,
    children: null,
    sortedNames: null,
  };
}

/** The first index whose name is greater than `name` (or at least `name` when `isInclusive`). */
function searchAfter(names: readonly string[], name: string, isInclusive: boolean): number {
  let low = 0;
  let high = names.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const current = names[middle] ?? '';
    if (current < name || (!isInclusive && current === name)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Tree order: segment by segment, an ancestor before its descendants. Negative when a comes first. */
export function compareTreeOrder(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const x = left[index] ?? '';
    const y = right[index] ?? '';
    if (x !== y) return x < y ? -1 : 1;
  }
  return left.length - right.length;
}

export class TopicTree {
  private readonly root = newNode('', '', null);
  /** Each topic's node by its path, so a publish finds it without splitting the path. */
  private readonly topicNodes = new Map<string, TreeNode>();
  size = 0;

  /**
   * Counts one MQTT publish to a topic on the topic and every branch above it, and keeps its QoS. Called on every
   * publish (broker-hooks): one map lookup and a walk up the parent pointers, no allocation (docs/decisions/028).
   */
  recordPublish(path: string, qos: number): void {
    const node = this.topicNodes.get(path);
    if (node === undefined) return;
    node.qos = qos;
    for (let current: TreeNode | null = node; current !== null; current = current.parent) {
      current.messages += 1;
    }
  }

  /** The QoS of the last MQTT publish to a topic since the runtime started, or null. */
  lastQos(path: string): 0 | 1 | 2 | null {
    const qos = this.topicNodes.get(path)?.qos ?? -1;
    return qos === 0 || qos === 1 || qos === 2 ? qos : null;
  }

  /** MQTT publishes at or below a path since the runtime started ('' the whole service). */
  messagesAt(path: string): number {
    return this.find(path)?.messages ?? 0;
  }

  private find(path: string): TreeNode | null {
    if (path === '') return this.root;
    let node: TreeNode | undefined = this.root;
    for (const segment of path.split('/')) {
      node = node.children?.get(segment);
      if (node === undefined) return null;
    }
    return node;
  }

  private sorted(node: TreeNode): string[] {
    node.sortedNames ??= node.children === null ? [] : [...node.children.keys()].sort();
    return node.sortedNames;
  }

  has(path: string): boolean {
    return this.find(path)?.type != null;
  }

  /** Adds a topic, or updates its type. */
  add(path: string, type: TopicType): void {
    let node = this.root;
    for (const segment of path.split('/')) {
      node.children ??= new Map();
      let child = node.children.get(segment);
      if (child === undefined) {
        child = newNode(segment, node === this.root ? segment : `${node.path}/${segment}`, node);
        node.children.set(segment, child);
        node.sortedNames = null;
      }
      node = child;
    }
    this.topicNodes.set(path, node);
    if (node.type === null) {
      this.size += 1;
      for (let ancestor = node.parent; ancestor !== null; ancestor = ancestor.parent) {
        ancestor.descendants += 1;
      }
    }
    node.type = type;
  }

  remove(path: string): void {
    const node = this.find(path);
    if (node === null || node.type === null) return;
    node.type = null;
    this.topicNodes.delete(path);
    this.size -= 1;
    // The branches above keep its messages: a branch's count only grows, so a rate read from two counts is never
    // negative.
    for (let ancestor = node.parent; ancestor !== null; ancestor = ancestor.parent) {
      ancestor.descendants -= 1;
    }
    // Prune the branch that no longer leads to any topic.
    let current: TreeNode = node;
    while (current.parent !== null && current.type === null && current.descendants === 0) {
      current.parent.children?.delete(current.name);
      current.parent.sortedNames = null;
      current = current.parent;
    }
  }

  /** The children of `parent` ('' the root) in name order, after the name `after`. */
  children(parent: string, after: string | null, limit: number): TreeChildren {
    const node = this.find(parent);
    if (node === null || node.children === null) return { nodes: [], total: 0, hasMore: false };
    const names = this.sorted(node);
    const start = after === null ? 0 : searchAfter(names, after, false);
    const nodes: TreeChild[] = [];
    for (let index = start; index < names.length && nodes.length < limit; index += 1) {
      const child = node.children.get(names[index] ?? '');
      if (child === undefined) continue;
      nodes.push({
        name: child.name,
        path: child.path,
        type: child.type,
        descendants: child.descendants,
        messages: child.messages,
      });
    }
    return { nodes, total: names.length, hasMore: start + nodes.length < names.length };
  }

  /** Topic paths at or below `prefix`, in tree order, strictly after `after` (any path) when given. */
  *paths(prefix: string, after: string | null = null): Generator<string> {
    const node = this.find(prefix);
    if (node === null) return;
    let bound: string[] | null = null;
    if (after !== null) {
      const isInside = prefix === '' || after === prefix || after.startsWith(`${prefix}/`);
      if (isInside) bound = after.split('/');
      else if (compareTreeOrder(after, prefix) > 0) return;
    }
    yield* this.walk(node, bound, prefix === '' ? 0 : prefix.split('/').length);
  }

  /**
   * `bound` is the `after` path's segments while this node lies on that path (the node then comes at or before
   * it, so it is skipped, and children before its next segment are skipped by binary search).
   */
  private *walk(node: TreeNode, bound: string[] | null, depth: number): Generator<string> {
    if (node.type !== null && bound === null) yield node.path;
    if (node.children === null) return;
    const names = this.sorted(node);
    const segment = bound === null || depth >= bound.length ? null : (bound[depth] ?? null);
    const start = segment === null ? 0 : searchAfter(names, segment, true);
    for (let index = start; index < names.length; index += 1) {
      const name = names[index] ?? '';
      const child = node.children.get(name);
      if (child === undefined) continue;
      yield* this.walk(child, segment !== null && name === segment ? bound : null, depth + 1);
    }
  }

  /** Topic paths a selector selects, in tree order, searching only below its prefix. */
  *select(selector: TopicSelector, after: string | null = null): Generator<string> {
    for (const path of this.paths(selector.prefix, after)) {
      if (selectorMatches(selector, path)) yield path;
    }
  }

  /**
   * Every topic path a selector selects, in tree order, without generators (removal and counts visit them all):
   * only below the selector's prefix, and for a split-path pattern only into children whose name matches the part
   * at their depth.
   */
  collect(selector: TopicSelector, visit: (path: string) => void): void {
    const start = this.find(selector.prefix);
    if (start === null) return;
    const parts = selector.kind === 'splitPathPattern' ? selector.parts : null;
    const visitNode = (node: TreeNode, depth: number): void => {
      if (node.type !== null && selectorMatches(selector, node.path)) visit(node.path);
      if (node.children === null) return;
      const part = parts === null || depth >= parts.length ? null : (parts[depth] ?? null);
      for (const name of this.sorted(node)) {
        if (part !== null && !part.test(name)) continue;
        const child = node.children.get(name);
        if (child !== undefined) visitNode(child, depth + 1);
      }
    };
    visitNode(start, selector.prefix === '' ? 0 : selector.prefix.split('/').length);
  }

  /** How many topics a selector selects; a path selector costs only its path's depth. */
  count(selector: TopicSelector): number {
    if (selector.kind === 'path') {
      const node = this.find(selector.path);
      if (node === null) return 0;
      const self = node.type === null ? 0 : 1;
      if (selector.scope === 'match') return self;
      if (selector.scope === 'descendants') return node.descendants;
      return self + node.descendants;
    }
    let count = 0;
    this.collect(selector, () => {
      count += 1;
    });
    return count;
  }
}
