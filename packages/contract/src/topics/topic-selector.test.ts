import { describe, expect, it } from 'vitest';
import { checkTopicPath, isSysTopic } from './topic-path';
import { parseTopicSelector, selectorMatches } from './topic-selector';

function matches(expression: string, path: string): boolean {
  const parsed = parseTopicSelector(expression);
  if (!parsed.ok) throw new Error(parsed.message);
  return selectorMatches(parsed.selector, path);
}

describe('topic paths', () => {
  it.each([
    ['a', true],
    ['a/b/c', true],
    ['$SYS/broker', true],
    ['', false],
    ['/a', false],
    ['a/', false],
    ['a//b', false],
    ['a/+/b', false],
    ['a/#', false],
  ])('"%s" is valid: %s', (path, valid) => {
    expect(checkTopicPath(path).ok).toBe(valid);
  });

  it.each([
    ['$SYS/x', true],
    ['$SYS', true],
    ['$SYSTEM/x', false],
    ['a/$SYS/x', false],
  ])('"%s" is a $SYS topic: %s', (path, sys) => {
    expect(isSysTopic(path)).toBe(sys);
  });
});

describe('topic selectors select paths', () => {
  it.each([
    // path selectors
    ['>a/b', 'a/b', true],
    ['a/b', 'a/b', true],
    ['>a/b', 'a/b/c', false],
    ['>a/b', 'a', false],
    ['>a/b/', 'a/b', false],
    ['>a/b/', 'a/b/c', true],
    ['>a/b/', 'a/b/c/d', true],
    ['>a/b//', 'a/b', true],
    ['>a/b//', 'a/b/c', true],
    ['>a/b//', 'a/bc', false],
    // split-path patterns
    ['?a/.*/c', 'a/x/c', true],
    ['?a/.*/c', 'a/x/y/c', false],
    ['?a/.*/c', 'a/x/c/d', false],
    ['?a/.*/c/', 'a/x/c/d', true],
    ['?a/.*/c/', 'a/x/c', false],
    ['?a/.*/c//', 'a/x/c', true],
    ['?a/.*/c//', 'a/x/c/d/e', true],
    ['?sensors/temp.*', 'sensors/temperature', true],
    ['?sensors/temp', 'sensors/temperature', false],
    // full-path patterns
    ['*sensor.*temp.*', 'sensor/3/temperature', true],
    ['*sensor.*temp.*', 'x/sensor/temp', false],
    ['*a/b', 'a/b', true],
    ['*a/b/', 'a/b/c', true],
    ['*a/b/', 'a/b', false],
    ['*a/b//', 'a/b', true],
    ['*a/b//', 'a/b/c/d', true],
    // selector sets
    ['#>a////>b', 'a', true],
    ['#>a////>b', 'b', true],
    ['#>a////>b', 'c', false],
    ['#>a////#>b////?c/.*', 'c/d', true],
  ])('%s selects "%s": %s', (expression, path, selected) => {
    expect(matches(expression, path)).toBe(selected);
  });
});

describe('topic selector prefixes', () => {
  it.each([
    ['>a/b', 'a/b'],
    ['a/b//', 'a/b'],
    ['?a/b/.*/c', 'a/b'],
    ['?.*/b', ''],
    ['*a/b/c.*', 'a/b'],
    ['*sensor.*temp', ''],
    ['*a/b', 'a/b'],
    ['#>a/b/c////>a/b/d', 'a/b'],
    ['#>a////>b', ''],
    // An alternation outside any group selects beyond the literal start; inside a group or a class it does not.
    ['*a/b|c/d', ''],
    ['*a/b/(c|d)', 'a/b'],
    ['*a/b/[|]x', 'a/b'],
    ['*a/b/\\|x', 'a/b'],
  ])('the prefix of %s is "%s"', (expression, prefix) => {
    const parsed = parseTopicSelector(expression);
    expect(parsed.ok && parsed.selector.prefix).toBe(prefix);
  });
});

describe('invalid topic selectors', () => {
  it.each([
    ['', /empty/],
    ['>', /empty/],
    ['>/a', /start with/],
    ['a//b/', /empty segment/],
    ['?a/(/c', /Invalid regular expression "\(" in topic selector/],
    ['*[', /Invalid regular expression/],
    ['#', /no selectors/],
    ['#>a////?(', /Invalid regular expression/],
    ['?', /no pattern/],
  ])('"%s" is refused with a clear message', (expression, message) => {
    const parsed = parseTopicSelector(expression);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.message).toMatch(message);
  });
});

describe('patterns the runtime cannot match in linear time', () => {
  it.each(['*(?=a)b', '*(?!a)b', '?(?<=a)b', '?(?<!a)b', '?(a)\\1', '*(?<x>a)\\k<x>'])(
    'refuses %s naming the reason',
    (expression) => {
      const parsed = parseTopicSelector(expression);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok)
        expect(parsed.message).toContain('look-around and back-references are not supported');
    },
  );

  it('keeps escapes that are not back-references', () => {
    expect(parseTopicSelector('*a\\.b\\/c\\d+').ok).toBe(true);
  });
});
