import { afterEach, describe, expect, it, vi } from 'vitest';
// The browser's side (no click when the pressed element is replaced; Chromium's own click after a tap) is seen in
// Chromium: e2e/log-in-press-across-handover.spec.ts.
import { BROWSER_CLICK_WAIT_MS, finishPressesAcrossHandover } from './press-across-handover';
import { PRESSED_ATTRIBUTE } from '../start-script/shell-wake';

/**
 * The moment of the handover: the painted page, just removed, with "Log in" pressed by pointer 1 and not yet
 * released, and the app's page in its place. Returns the app's "Log in" and how often it has been clicked.
 */
function handOverDuringPress() {
  const shell = document.createElement('div');
  shell.innerHTML = `<button type="submit"><span ${PRESSED_ATTRIBUTE}="1">Log in</span></button>`;
  document.body.innerHTML =
    '<h1>Log in to Herald Cloud</h1><button type="submit"><span>Log in</span></button>';
  const button = document.body.querySelector('button')!;
  const clicks = vi.fn();
  button.addEventListener('click', clicks);
  const counterpartOf = vi.fn((pressed: Element) => (pressed.closest('button') ? button : null));
  finishPressesAcrossHandover(shell, counterpartOf);
  return { button, heading: document.querySelector('h1')!, clicks, counterpartOf };
}

function pointer(target: Element, type: string, init: PointerEventInit = {}) {
  target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerId: 1, button: 0, ...init }));
}

/** A click as the browser makes it: cancelable, so its default action can be stopped. */
function browserClick(target: Element): MouseEvent {
  const click = new MouseEvent('click', { bubbles: true, cancelable: true });
  target.dispatchEvent(click);
  return click;
}

describe('a press held while the app takes the painted page over', () => {
  afterEach(() => {
    // A key ends any wait for the browser's click, so no 1 s timer outlives the file's window.
    window.dispatchEvent(new KeyboardEvent('keydown'));
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('clicks the app’s control when released over it', () => {
    const { button, clicks } = handOverDuringPress();
    pointer(button.querySelector('span')!, 'pointerup');
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('finds the app’s control at the release, not before', () => {
    const { button, counterpartOf } = handOverDuringPress();
    expect(counterpartOf).not.toHaveBeenCalled();
    pointer(button, 'pointerup');
    expect(counterpartOf).toHaveBeenCalledTimes(1);
  });

  it('acts once when the browser clicks the control too (a tap)', () => {
    const { button, clicks } = handOverDuringPress();
    const onDocument = vi.fn();
    document.addEventListener('click', onDocument);
    pointer(button, 'pointerup');
    const own = browserClick(button.querySelector('span')!);
    expect(own.defaultPrevented).toBe(true);
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(onDocument).toHaveBeenCalledTimes(1);
    document.removeEventListener('click', onDocument);
  });

  it('lets the next press’s click through', () => {
    const { button, clicks } = handOverDuringPress();
    pointer(button, 'pointerup');
    pointer(button, 'pointerdown');
    expect(browserClick(button).defaultPrevented).toBe(false);
    expect(clicks).toHaveBeenCalledTimes(2);
  });

  it('lets a click made with a key through', () => {
    const { button, clicks } = handOverDuringPress();
    pointer(button, 'pointerup');
    button.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Enter' }));
    expect(browserClick(button).defaultPrevented).toBe(false);
    expect(clicks).toHaveBeenCalledTimes(2);
  });

  it('waits for the browser’s own click only a short while', () => {
    vi.useFakeTimers();
    const { button, clicks } = handOverDuringPress();
    pointer(button, 'pointerup');
    vi.advanceTimersByTime(BROWSER_CLICK_WAIT_MS);
    expect(browserClick(button).defaultPrevented).toBe(false);
    expect(clicks).toHaveBeenCalledTimes(2);
  });

  it('does not drop a click elsewhere while it waits', () => {
    const { button, heading } = handOverDuringPress();
    const onHeading = vi.fn();
    heading.addEventListener('click', onHeading);
    pointer(button, 'pointerup');
    browserClick(heading);
    expect(onHeading).toHaveBeenCalledTimes(1);
  });

  it('clicks nothing when released elsewhere, as a button does', () => {
    const { button, heading, clicks } = handOverDuringPress();
    pointer(heading, 'pointerup');
    pointer(button, 'pointerup');
    expect(clicks).not.toHaveBeenCalled();
  });

  it('clicks nothing when the press is cancelled (a scroll, a palm)', () => {
    const { button, clicks } = handOverDuringPress();
    pointer(button, 'pointercancel');
    pointer(button, 'pointerup');
    expect(clicks).not.toHaveBeenCalled();
  });

  it('clicks nothing at the release of another mouse button than the main one', () => {
    const { button, clicks } = handOverDuringPress();
    pointer(button, 'pointerup', { button: 2 });
    expect(clicks).not.toHaveBeenCalled();
  });

  it('waits for the release of the pointer that pressed, not another finger’s', () => {
    const { button, clicks } = handOverDuringPress();
    pointer(button, 'pointerup', { pointerId: 2 });
    expect(clicks).not.toHaveBeenCalled();
    pointer(button, 'pointerup');
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('clicks once however often released: the press is over at its release', () => {
    const { button, clicks } = handOverDuringPress();
    pointer(button, 'pointerup');
    pointer(button, 'pointerup');
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('clicks nothing when the app does not show the pressed control', () => {
    const { button, clicks, counterpartOf } = handOverDuringPress();
    counterpartOf.mockReturnValue(null);
    pointer(button, 'pointerup');
    expect(clicks).not.toHaveBeenCalled();
  });

  it('does nothing for a painted page without a press held', () => {
    document.body.innerHTML = '<button>Log in</button>';
    const button = document.body.querySelector('button')!;
    const clicks = vi.fn();
    button.addEventListener('click', clicks);
    finishPressesAcrossHandover(document.createElement('div'), () => button);
    pointer(button, 'pointerup');
    expect(clicks).not.toHaveBeenCalled();
  });
});
