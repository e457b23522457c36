import { describe, expect, it } from 'vitest';
import { filterMatches } from './mqtt-filter';

describe('MQTT topic filters', () => {
  it.each([
    ['a/b', 'a/b', true],
    ['a/b', 'a/c', false],
    ['a/+', 'a/b', true],
    ['a/+', 'a/b/c', false],
    ['a/#', 'a', true],
    ['a/#', 'a/b/c', true],
    ['#', 'a/b', true],
    ['+/b', 'a/b', true],
    ['#', '$SYS/x', false],
    ['+/x', '$SYS/x', false],
    ['$SYS/#', '$SYS/x', true],
    ['a/b/c', 'a/b', false],
  ])('%s matches %s: %s', (filter, name, expected) => {
    expect(filterMatches(filter, name)).toBe(expected);
  });
});
