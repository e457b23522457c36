import { describe, expect, it } from 'vitest';
import { topicMatchesFilter } from '../messaging/topic-filter';
import { mqttFilterCovers, mqttFiltersForSelector } from './selector-mqtt-filters';
import { parseTopicSelector, selectorMatches, type TopicSelector } from './topic-selector';

function selector(expression: string): TopicSelector {
  const parsed = parseTopicSelector(expression);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.selector;
}

describe('mqttFiltersForSelector', () => {
  it.each([
    ['a/b', ['a/b']],
    ['>a/b', ['a/b']],
    ['>a/b/', ['a/b/#']],
    ['>a/b//', ['a/b/#']],
    ['?a/.*/c', ['a/+/c']],
    ['?a/b[0-9]/c//', ['a/+/c/#']],
    ['?sensors/.+/', ['sensors/+/#']],
    ['?.*', ['+']],
    ['*sensors/.*temp', ['sensors/#']],
    ['*.*temp.*', ['#']],
    ['*a/b|c/d', ['#']],
    ['*x/y.*//', ['x/#']],
    ['#>a/b////>c', ['a/b', 'c']],
    ['#>a/b////>a//', ['a/#']],
    ['#>a////*.*x', ['#']],
    ['#?a/.*////>a/b', ['a/+']],
  ])('"%s" subscribes %j', (expression, filters) => {
    expect(mqttFiltersForSelector(selector(expression))).toEqual(filters);
  });

  // The filters may be wider than the selector, never narrower: every selected path reaches the subscriber.
  const paths = [
    'a',
    'a/b',
    'a/b/c',
    'a/x/c',
    'a/b/c/d',
    'c',
    'c/d',
    'sensors/1/temp',
    'sensors/hall/temperature',
    'x/y',
    'x/yz/w',
    'other/temp/x',
  ];
  const expressions = [
    'a/b',
    '>a/b/',
    '>a//',
    '?a/.*/c',
    '?a/b|x/c//',
    '*a/b|c/d',
    '*sensors/.*temp.*',
    '*x/y.*//',
    '*.*temp.*/',
    '#>c////?a/.+',
  ];
  it.each(expressions)('every path "%s" selects matches one of its filters', (expression) => {
    const parsed = selector(expression);
    const filters = mqttFiltersForSelector(parsed);
    for (const path of paths) {
      if (!selectorMatches(parsed, path)) continue;
      expect(
        filters.some((filter) => topicMatchesFilter(filter, path)),
        `${path} selected by ${expression} but not in ${filters.join(', ')}`,
      ).toBe(true);
    }
  });
});

describe('mqttFilterCovers', () => {
  it.each([
    ['#', 'a/b', true],
    ['#', '$SYS/x', false],
    ['a/#', 'a', true],
    ['a/#', 'a/+/c', true],
    ['a/+', 'a/b', true],
    ['a/+', 'a/#', false],
    ['a/+', 'a/b/c', false],
    ['+/b', '$SYS/b', false],
    ['a/b', 'a/b', true],
    ['a/b', 'a/c', false],
    ['a/b/#', 'a', false],
  ])('"%s" covers "%s": %s', (wider, filter, covers) => {
    expect(mqttFilterCovers(wider, filter)).toBe(covers);
  });
});
