import { describe, expect, it } from 'vitest';
import { parseTopicSelector } from '@herald/contract/topics/topic-selector';
import { TopicTree, compareTreeOrder } from './topic-tree';

function selector(expression: string) {
  const parsed = parseTopicSelector(expression);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.selector;
}

function treeOf(paths: string[]): TopicTree {
  const tree = new TopicTree();
  for (const path of paths) tree.add(path, 'STRING');
  return tree;
}

const PATHS = ['a', 'a/b', 'a/b/c', 'a/d', 'a-c', 'b/x/y', 'b/x/z', 'c'];

describe('the topic tree', () => {
  it('counts publishes on the topic and every branch above it, and keeps the last QoS (issue 25 item 17)', () => {
    const tree = treeOf(PATHS);
    tree.recordPublish('b/x/y', 1);
    tree.recordPublish('b/x/y', 2);
    tree.recordPublish('b/x/z', 0);
    tree.recordPublish('a/b/c', 1);
    tree.recordPublish('not/a/topic', 1);
    expect(tree.children('', null, 10).nodes.map((node) => [node.path, node.messages])).toEqual([
      ['a', 1],
      ['a-c', 0],
      ['b', 3],
      ['c', 0],
    ]);
    expect(tree.children('b/x', null, 10).nodes.map((node) => [node.path, node.messages])).toEqual([
      ['b/x/y', 2],
      ['b/x/z', 1],
    ]);
    expect(tree.messagesAt('')).toBe(4);
    expect(tree.messagesAt('not')).toBe(0);
    expect([tree.lastQos('b/x/y'), tree.lastQos('b/x/z'), tree.lastQos('c')]).toEqual([2, 0, null]);
    // A removed topic's messages stay counted above it (a count only grows); a new topic there starts afresh.
    tree.remove('b/x/y');
    expect(tree.messagesAt('b')).toBe(3);
    expect(tree.lastQos('b/x/y')).toBeNull();
    tree.add('b/x/y', 'STRING');
    expect(tree.messagesAt('b/x/y')).toBe(0);
  });

  it('lists children in name order with their type and the topics below them', () => {
    const tree = treeOf(PATHS);
    expect(tree.children('', null, 10)).toEqual({
      nodes: [
        { name: 'a', path: 'a', type: 'STRING', descendants: 3, messages: 0 },
        { name: 'a-c', path: 'a-c', type: 'STRING', descendants: 0, messages: 0 },
        { name: 'b', path: 'b', type: null, descendants: 2, messages: 0 },
        { name: 'c', path: 'c', type: 'STRING', descendants: 0, messages: 0 },
      ],
      total: 4,
      hasMore: false,
    });
    expect(tree.children('b/x', null, 10).nodes.map((node) => node.path)).toEqual([
      'b/x/y',
      'b/x/z',
    ]);
    expect(tree.children('nope', null, 10)).toEqual({ nodes: [], total: 0, hasMore: false });
  });

  it('pages children after a name', () => {
    const tree = new TopicTree();
    for (let index = 0; index < 10_000; index += 1) {
      tree.add(`wide/${String(index).padStart(5, '0')}`, 'INT64');
    }
    const first = tree.children('wide', null, 1000);
    expect(first.total).toBe(10_000);
    expect(first.hasMore).toBe(true);
    expect(first.nodes.at(-1)?.name).toBe('00999');
    const last = tree.children('wide', '09000', 1000);
    expect(last.nodes.map((node) => node.name)).toEqual(
      Array.from({ length: 999 }, (_, index) => String(9001 + index).padStart(5, '0')),
    );
    expect(last.hasMore).toBe(false);
    expect(tree.children('wide', 'zzz', 10)).toEqual({ nodes: [], total: 10_000, hasMore: false });
  });

  it('keeps counts and prunes empty branches on removal', () => {
    const tree = treeOf(PATHS);
    tree.remove('b/x/y');
    expect(tree.children('', 'a-c', 1).nodes).toEqual([
      { name: 'b', path: 'b', type: null, descendants: 1, messages: 0 },
    ]);
    tree.remove('b/x/z');
    expect(tree.children('', null, 10).nodes.map((node) => node.name)).toEqual(['a', 'a-c', 'c']);
    tree.remove('a');
    expect(tree.children('', null, 1).nodes).toEqual([
      { name: 'a', path: 'a', type: null, descendants: 3, messages: 0 },
    ]);
    tree.remove('missing');
    expect(tree.size).toBe(5);
  });

  it('walks topics in tree order from any path', () => {
    const tree = treeOf(PATHS);
    const order = [...PATHS].sort(compareTreeOrder);
    expect([...tree.paths('')]).toEqual(order);
    for (const after of [...PATHS, 'a/a', 'a/bb', 'b', 'zzz', '0']) {
      expect([...tree.paths('', after)]).toEqual(
        order.filter((path) => compareTreeOrder(path, after) > 0),
      );
    }
    expect([...tree.paths('a')]).toEqual(['a', 'a/b', 'a/b/c', 'a/d']);
    expect([...tree.paths('a', 'a/b')]).toEqual(['a/b/c', 'a/d']);
    expect([...tree.paths('b', 'a')]).toEqual(['b/x/y', 'b/x/z']);
    expect([...tree.paths('a', 'b')]).toEqual([]);
  });

  it('counts and selects by selector below its prefix', () => {
    const tree = treeOf(PATHS);
    expect(tree.count(selector('>a'))).toBe(1);
    expect(tree.count(selector('>a/'))).toBe(3);
    expect(tree.count(selector('>a//'))).toBe(4);
    expect(tree.count(selector('>nope//'))).toBe(0);
    expect(tree.count(selector('?b/.*/.*'))).toBe(2);
    expect(tree.count(selector('*.*c'))).toBe(3);
    expect([...tree.select(selector('#>c////?a/.*'))]).toEqual(['a/b', 'a/d', 'c']);
  });
});

describe('collecting by selector', () => {
  it('finds the same topics as testing every path, pruning split-path patterns by part', () => {
    const paths = ['p/1/a/x', 'p/1/b/x', 'p/2/a/x', 'p/2/a', 'q/1/a/x', 'p/1/a/x/deep'];
    const tree = treeOf(paths);
    for (const expression of [
      '?p/.*/a/x',
      '?p/1/.*/',
      '?p/.*/a//',
      '?.*/1/a/x',
      '*p/.*',
      '#?p/2/.*////>q//',
    ]) {
      const parsed = selector(expression);
      const collected: string[] = [];
      tree.collect(parsed, (path) => collected.push(path));
      expect(collected).toEqual([...tree.select(parsed)]);
      expect(tree.count(parsed)).toBe(collected.length);
    }
    const collected: string[] = [];
    tree.collect(selector('?p/.*/a/x'), (path) => collected.push(path));
    expect(collected).toEqual(['p/1/a/x', 'p/2/a/x']);
  });
});
