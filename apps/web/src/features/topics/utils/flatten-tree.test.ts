import type { TopicTreeNode } from '@herald/contract/topics/topic.schema';
import { describe, expect, it } from 'vitest';
import { flattenTree, type LevelState } from './flatten-tree';

const node = (
  path: string,
  descendants = 0,
  type: TopicTreeNode['type'] = 'JSON',
): TopicTreeNode => ({
  name: path.split('/').at(-1)!,
  path,
  type,
  descendants,
});
const loaded = (nodes: TopicTreeNode[], total = nodes.length): LevelState => ({
  status: 'loaded',
  nodes,
  total,
});

describe('flattenTree', () => {
  it('lists the root level only while nothing is expanded', () => {
    const levels = new Map([['', loaded([node('a', 2, null), node('b')])]]);
    const rows = flattenTree(levels, new Set());
    expect(rows.map((row) => row.key)).toEqual(['a', 'b']);
    expect(rows[0]).toMatchObject({
      level: 1,
      position: 1,
      setSize: 2,
      isBranch: true,
      isExpanded: false,
    });
    expect(rows[1]).toMatchObject({ isBranch: false, isExpanded: false });
  });

  it('puts the children of an expanded branch right below it, one level deeper', () => {
    const levels = new Map([
      ['', loaded([node('a', 3, null), node('b')])],
      ['a', loaded([node('a/x', 1), node('a/y')])],
      ['a/x', loaded([node('a/x/z')])],
    ]);
    const rows = flattenTree(levels, new Set(['a', 'a/x']));
    expect(rows.map((row) => [row.key, row.level])).toEqual([
      ['a', 1],
      ['a/x', 2],
      ['a/x/z', 3],
      ['a/y', 2],
      ['b', 1],
    ]);
  });

  it('shows a loading row for an expanded branch whose level is not there yet, and an error row when it failed', () => {
    const error = new Error('boom');
    const levels = new Map<string, LevelState>([
      ['', loaded([node('a', 1, null), node('b', 1, null)])],
      ['b', { status: 'error', error }],
    ]);
    const rows = flattenTree(levels, new Set(['a', 'b']));
    expect(rows.map((row) => [row.kind, row.key])).toEqual([
      ['node', 'a'],
      ['loading', 'loading:a'],
      ['node', 'b'],
      ['error', 'error:b'],
    ]);
  });

  it('says how many children of a level are beyond what the browser holds', () => {
    const levels = new Map([['', loaded([node('a'), node('b')], 12)]]);
    const rows = flattenTree(levels, new Set());
    expect(rows.at(-1)).toMatchObject({ kind: 'more', hidden: 10, level: 1 });
    expect(rows[0]).toMatchObject({ setSize: 12 });
  });

  it('ignores expanded paths under a collapsed branch and leaves a leaf unexpandable', () => {
    const levels = new Map([
      ['', loaded([node('a', 1, null), node('leaf')])],
      ['a', loaded([node('a/b')])],
    ]);
    expect(flattenTree(levels, new Set(['leaf', 'a/b'])).map((row) => row.key)).toEqual([
      'a',
      'leaf',
    ]);
  });

  it('flattens a branch of 10,000 children in one pass', () => {
    const children = Array.from({ length: 10_000 }, (_, index) =>
      node(`big/${String(index).padStart(5, '0')}`),
    );
    const levels = new Map([
      ['', loaded([node('big', 10_000, null)])],
      ['big', loaded(children)],
    ]);
    const rows = flattenTree(levels, new Set(['big']));
    expect(rows).toHaveLength(10_001);
    expect(rows[10_000]).toMatchObject({
      key: 'big/09999',
      position: 10_000,
      setSize: 10_000,
      level: 2,
    });
  });
});
