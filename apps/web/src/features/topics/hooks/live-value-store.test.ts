import { describe, expect, it, vi } from 'vitest';
import { LIVE_HISTORY_LENGTH, LiveValueStore } from './live-value-store';

const bytes = (text: string) => new TextEncoder().encode(text);

function manualFrames() {
  const frames: (() => void)[] = [];
  return {
    schedule: (flush: () => void) => void frames.push(flush),
    runFrame: () => frames.splice(0).forEach((flush) => flush()),
    pending: () => frames.length,
  };
}

describe('LiveValueStore', () => {
  it('applies the messages of one frame together and tells each changed topic once', () => {
    const frames = manualFrames();
    const store = new LiveValueStore(frames.schedule);
    const onA = vi.fn();
    const onB = vi.fn();
    store.listen('a', onA);
    store.listen('b', onB);
    for (let index = 0; index < 1000; index += 1) {
      store.push('a', { payload: bytes(String(index)), receivedAt: index, retained: false });
    }
    expect(frames.pending()).toBe(1);
    expect(store.get('a')).toBeUndefined();
    frames.runFrame();
    expect(onA).toHaveBeenCalledTimes(1);
    expect(onB).not.toHaveBeenCalled();
    expect(new TextDecoder().decode(store.get('a')!.latest.payload)).toBe('999');
  });

  it('keeps the last values newest first, up to the history length', () => {
    const frames = manualFrames();
    const store = new LiveValueStore(frames.schedule);
    for (let index = 0; index < LIVE_HISTORY_LENGTH + 5; index += 1) {
      store.push('a', { payload: bytes(String(index)), receivedAt: index, retained: index === 0 });
      frames.runFrame();
    }
    const history = store.get('a')!.history;
    expect(history).toHaveLength(LIVE_HISTORY_LENGTH);
    expect(history[0]!.receivedAt).toBe(LIVE_HISTORY_LENGTH + 4);
    expect(history.at(-1)!.receivedAt).toBe(5);
  });

  it('forgets a topic out of view, also its messages still queued', () => {
    const frames = manualFrames();
    const store = new LiveValueStore(frames.schedule);
    const listener = vi.fn();
    store.listen('a', listener);
    store.push('a', { payload: bytes('1'), receivedAt: 1, retained: true });
    frames.runFrame();
    store.push('a', { payload: bytes('2'), receivedAt: 2, retained: false });
    store.forget('a');
    frames.runFrame();
    expect(store.get('a')).toBeUndefined();
    expect(store.size).toBe(0);
  });
});
