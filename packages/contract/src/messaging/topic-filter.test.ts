import { describe, expect, it } from 'vitest';
import { isWildcardFilter, topicMatchesFilter } from './topic-filter';

describe('topicMatchesFilter (MQTT 3.1.1 section 4.7)', () => {
  it.each([
    ['sensors/a', 'sensors/a', true],
    ['sensors/a', 'sensors/b', false],
    ['sensors/+', 'sensors/a', true],
    ['sensors/+', 'sensors/a/b', false],
    ['sensors/+', 'sensors', false],
    ['+/a', 'sensors/a', true],
    ['sensors/#', 'sensors', true],
    ['sensors/#', 'sensors/a/b/c', true],
    ['sensors/#', 'other/a', false],
    ['#', 'anything/at/all', true],
    ['+/+', '/a', true],
    ['#', '$SYS/uptime', false],
    ['+/uptime', '$SYS/uptime', false],
    ['$SYS/#', '$SYS/uptime', true],
    ['sensors/a', 'sensors/a/b', false],
  ])('filter %j on topic %j is %s', (filter, topic, expected) => {
    expect(topicMatchesFilter(filter, topic)).toBe(expected);
  });
});

describe('isWildcardFilter', () => {
  it.each([
    ['a/b', false],
    ['a/+', true],
    ['a/#', true],
  ])('%j is %s', (filter, expected) => {
    expect(isWildcardFilter(filter)).toBe(expected);
  });
});
