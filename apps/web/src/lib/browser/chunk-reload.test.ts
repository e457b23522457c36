import { CHUNK_RELOAD_MIN_INTERVAL_MS } from '@herald/contract/constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_STORAGE_KEY,
  isChunkLoadError,
  reloadAfterChunkError,
  shouldReloadAfterChunkError,
} from './chunk-reload';

const now = 1_700_000_000_000;

describe('shouldReloadAfterChunkError (at most one reload a minute, spec section 2)', () => {
  it.each([
    { name: 'never reloaded before', lastReloadAt: null, expected: true },
    { name: 'reloaded a moment ago', lastReloadAt: now - 1, expected: false },
    {
      name: 'reloaded 59.999 s ago',
      lastReloadAt: now - CHUNK_RELOAD_MIN_INTERVAL_MS + 1,
      expected: false,
    },
    {
      name: 'reloaded exactly a minute ago',
      lastReloadAt: now - CHUNK_RELOAD_MIN_INTERVAL_MS,
      expected: true,
    },
    { name: 'reloaded an hour ago', lastReloadAt: now - 3_600_000, expected: true },
    {
      name: 'a recorded time in the future (clock changed)',
      lastReloadAt: now + 5_000,
      expected: true,
    },
  ])('$name → $expected', ({ lastReloadAt, expected }) => {
    expect(shouldReloadAfterChunkError(now, lastReloadAt)).toBe(expected);
  });

  it('uses a one-minute interval', () => {
    expect(CHUNK_RELOAD_MIN_INTERVAL_MS).toBe(60_000);
  });
});

describe('reloadAfterChunkError', () => {
  beforeEach(() => sessionStorage.clear());

  it('reloads and records the time, then refuses a second reload within the minute', () => {
    const reloadPage = vi.fn();
    expect(reloadAfterChunkError({ now: () => now, reloadPage })).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBe(String(now));
    expect(reloadAfterChunkError({ now: () => now + 30_000, reloadPage })).toBe(false);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkError({ now: () => now + 60_000, reloadPage })).toBe(true);
    expect(reloadPage).toHaveBeenCalledTimes(2);
  });
});

describe('isChunkLoadError', () => {
  it.each([
    ['Failed to fetch dynamically imported module: https://x/assets/a.js', true],
    ['error loading dynamically imported module', true],
    ['Importing a module script failed.', true],
    ['Unable to preload CSS for /assets/a.css', true],
    ['Cannot read properties of undefined', false],
  ])('%s → %s', (message, expected) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(expected);
  });

  it('is false for values that are not errors', () => {
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
