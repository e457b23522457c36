import { serializePageAnswers, type PageAnswer } from '@herald/contract/api/page-answers';
import { afterEach, describe, expect, it, vi } from 'vitest';
// startApp (adding the entry script) is seen working in a real browser: e2e/log-in.spec.ts.
import {
  HEALTH_PATH,
  isServerUnwell,
  markPresses,
  needsAppAtOnce,
  PENDING_CLICK_ATTRIBUTE,
  PENDING_SUBMIT_ATTRIBUTE,
  PRESSED_ATTRIBUTE,
  wakeOnInteraction,
} from './shell-wake';
import { routes } from '@herald/contract/api/routes';

const answers = (...list: PageAnswer[]) => serializePageAnswers({ answers: list });
const connections = (status: number, body?: unknown): PageAnswer => ({
  id: 'listConnections',
  url: '/v3/auth/connections',
  params: {},
  status,
  ...(body === undefined ? {} : { body }),
});

describe('whether the login page needs the app at once', () => {
  it('waits for the person when there is no other way to log in', () => {
    expect(needsAppAtOnce(answers(connections(200, { connections: [] })))).toBe(false);
  });

  it('waits for the person on a page that asks no connections (sign-up)', () => {
    expect(needsAppAtOnce(answers())).toBe(false);
  });

  it('starts at once when connections are configured: only the app draws their buttons', () => {
    const list = [{ name: 'github', displayName: 'GitHub', kind: 'social' }];
    expect(needsAppAtOnce(answers(connections(200, { connections: list })))).toBe(true);
  });

  it.each([
    ['no answers', null],
    ['empty text', ''],
    ['text that is no JSON', '{'],
    ['answers that are no list', '{"answers":3}'],
    ['a failed connections answer', answers(connections(500))],
    ['a body without a list', answers(connections(200, { connections: 'x' }))],
  ])('starts at once with %s (the app shows what it can)', (_case, json) => {
    expect(needsAppAtOnce(json)).toBe(true);
  });
});

describe("the server's health, asked before the app starts", () => {
  it('asks the health route the app asks at start', () => {
    expect(HEALTH_PATH).toBe(routes.getHealth.path);
  });

  it.each([
    [200, false],
    [503, true],
    [500, true],
  ])('reads a %i as unwell: %s', async (status, isUnwell) => {
    const fetcher = vi.fn(async () => new Response('{}', { status }));
    expect(await isServerUnwell(fetcher)).toBe(isUnwell);
    expect(fetcher).toHaveBeenCalledWith(HEALTH_PATH, expect.anything());
  });

  it('reads no answer at all as unwell', async () => {
    expect(await isServerUnwell(async () => Promise.reject(new TypeError('offline')))).toBe(true);
  });
});

function paintShell(): { shell: HTMLElement; form: HTMLFormElement; email: HTMLInputElement } {
  document.body.innerHTML =
    '<div id="static-shell" inert><form><input name="username"><button type="submit">Log in</button></form>' +
    '<a href="/signup">Create an account</a></div>';
  const shell = document.getElementById('static-shell')!;
  return {
    shell,
    form: shell.querySelector('form')!,
    email: shell.querySelector('input')!,
  };
}

describe('the painted login page before the app starts', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('becomes usable and does not start the app at load', () => {
    const { shell } = paintShell();
    const start = vi.fn();
    wakeOnInteraction(shell, start);
    expect(shell.inert).toBe(false);
    expect(shell.hasAttribute('inert')).toBe(false);
    expect(start).not.toHaveBeenCalled();
  });

  it.each(['focusin', 'keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'])(
    'starts the app once at the first %s inside it',
    (type) => {
      const { shell, email } = paintShell();
      const start = vi.fn();
      wakeOnInteraction(shell, start);
      email.dispatchEvent(new Event(type, { bubbles: true }));
      email.dispatchEvent(new Event(type, { bubbles: true }));
      shell.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      expect(start).toHaveBeenCalledTimes(1);
    },
  );

  it('ignores what happens outside the painted page', () => {
    const { shell } = paintShell();
    const start = vi.fn();
    wakeOnInteraction(shell, start);
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(start).not.toHaveBeenCalled();
  });

  it('holds a submit made before the app started, marks it for the app, and starts it', () => {
    const { shell, form } = paintShell();
    const start = vi.fn();
    wakeOnInteraction(shell, start);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(form.getAttribute(PENDING_SUBMIT_ATTRIBUTE)).toBe('true');
    expect(form.querySelector('button')?.getAttribute('aria-busy')).toBe('true');
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once through the function it returns, still only once', () => {
    const { shell, email } = paintShell();
    const start = vi.fn();
    const wake = wakeOnInteraction(shell, start);
    wake();
    email.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('lets a held submit go and tries again at the next interaction when the app could not be loaded', async () => {
    const { shell, form, email } = paintShell();
    const start = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    wakeOnInteraction(shell, start);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(form.hasAttribute(PENDING_SUBMIT_ATTRIBUTE)).toBe(false));
    expect(form.querySelector('button')?.hasAttribute('aria-busy')).toBe(false);
    email.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('holds a button pressed before the app started, marks it for the app, and starts it', () => {
    const { shell, form } = paintShell();
    form.insertAdjacentHTML(
      'beforebegin',
      '<button type="button"><span>Create service</span></button>',
    );
    const button = shell.querySelector<HTMLButtonElement>('button[type="button"]')!;
    const start = vi.fn();
    wakeOnInteraction(shell, start);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.querySelector('span')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(button.getAttribute(PENDING_CLICK_ATTRIBUTE)).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('lets links and submit buttons work as they do', () => {
    const { shell, form } = paintShell();
    form.insertAdjacentHTML('beforebegin', '<a href="#services">Services</a>');
    const start = vi.fn();
    wakeOnInteraction(shell, start);
    for (const target of [shell.querySelector('a')!, form.querySelector('button')!]) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      target.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(false);
      expect(target.hasAttribute(PENDING_CLICK_ATTRIBUTE)).toBe(false);
    }
  });
});

describe('a press on the painted page, marked for the app to finish', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const pointer = (target: EventTarget, type: string, pointerId = 1) =>
    target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerId }));

  it('marks what the pointer went down on with its id until it is released', () => {
    const { shell, form } = paintShell();
    markPresses(shell);
    const button = form.querySelector('button')!;
    pointer(button, 'pointerdown', 7);
    expect(button.getAttribute(PRESSED_ATTRIBUTE)).toBe('7');
    pointer(button, 'pointerup', 7);
    expect(button.hasAttribute(PRESSED_ATTRIBUTE)).toBe(false);
  });

  it('unmarks a press released outside the painted page, or cancelled', () => {
    const { shell, form } = paintShell();
    markPresses(shell);
    const button = form.querySelector('button')!;
    pointer(button, 'pointerdown');
    pointer(document.body, 'pointerup');
    expect(button.hasAttribute(PRESSED_ATTRIBUTE)).toBe(false);
    pointer(button, 'pointerdown');
    pointer(document, 'pointercancel');
    expect(button.hasAttribute(PRESSED_ATTRIBUTE)).toBe(false);
  });

  it('keeps a press marked while another finger is lifted', () => {
    const { shell, form, email } = paintShell();
    markPresses(shell);
    const button = form.querySelector('button')!;
    pointer(email, 'pointerdown', 1);
    pointer(button, 'pointerdown', 2);
    pointer(button, 'pointerup', 2);
    expect(email.getAttribute(PRESSED_ATTRIBUTE)).toBe('1');
    expect(button.hasAttribute(PRESSED_ATTRIBUTE)).toBe(false);
  });
});
