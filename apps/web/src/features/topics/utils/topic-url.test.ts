import { describe, expect, it } from 'vitest';
import { ancestorPaths, parentPath, topicBrowserUrl, topicPathFromSplat } from './topic-url';

describe('the topic browser URL', () => {
  it('is the root for no path and the encoded segments for a path', () => {
    expect(topicBrowserUrl('svc-1', '')).toBe('/service/svc-1/topics/');
    expect(topicBrowserUrl('svc-1', 'sensors/room 1/temp?')).toBe(
      '/service/svc-1/topics/sensors/room%201/temp%3F',
    );
    expect(topicBrowserUrl('svc-1', 'a/100%/é')).toBe('/service/svc-1/topics/a/100%25/%C3%A9');
  });

  it('reads the selected path back from the decoded splat, dropping a trailing slash', () => {
    expect(topicPathFromSplat(undefined)).toBe('');
    expect(topicPathFromSplat('')).toBe('');
    expect(topicPathFromSplat('sensors/room 1/')).toBe('sensors/room 1');
    expect(topicPathFromSplat('a//b')).toBe('a/b');
  });

  it('knows a path’s parent and ancestors', () => {
    expect(parentPath('a/b/c')).toBe('a/b');
    expect(parentPath('a')).toBe('');
    expect(ancestorPaths('a/b/c')).toEqual(['a', 'a/b']);
    expect(ancestorPaths('a')).toEqual([]);
    expect(ancestorPaths('')).toEqual([]);
  });
});
