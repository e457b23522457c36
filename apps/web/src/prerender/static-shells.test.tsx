import { describe, expect, it } from 'vitest';
import { STATIC_SHELL_ID } from '../lib/painted-page/handover/static-shell';
import * as paintedPage from '@herald/contract/api/painted-page';
import {
  PAINTED_MARKUP_SLOT,
  PAINTED_PAGE_TEMPLATE,
  PAINTED_SERVER_DIR,
  PAINTED_TITLE_SLOT,
  STATIC_SHELL_ID as BUILD_SHELL_ID,
  withStaticShell,
  withWakeOnInteraction,
} from '../../vite-static-shells';
import { APP_ENTRY_ATTRIBUTE } from '../lib/painted-page/start-script/shell-wake';
import { renderStaticShells } from './static-shells';

function parse(markup: string): Document {
  return new DOMParser().parseFromString(`<body>${markup}</body>`, 'text/html');
}

describe('the pages painted from the HTML (build time)', () => {
  const shells = Object.fromEntries(renderStaticShells().map((shell) => [shell.file, shell]));

  it('renders the real login form: heading, fields and button', () => {
    const page = parse(shells['login.html']!.markup);
    expect(page.querySelector('main h1')?.textContent).toBe('Log in to Herald Cloud');
    // Named as the app's form reads them when it takes the painted one over
    // (lib/painted-page/handover/static-shell.ts).
    expect(page.querySelector('input[type="email"][name="username"]')).not.toBeNull();
    expect(page.querySelector('input[type="password"][name="password"]')).not.toBeNull();
    expect(shells['login.html']!.startsOnInteraction).toBe(true);
    expect(shells['signup.html']!.startsOnInteraction).toBe(true);
    expect(page.querySelector('button[type="submit"]')?.textContent).toContain('Log in');
    expect(shells['login.html']!.title).toBe('Log in to Herald Cloud · Herald Cloud');
  });

  it('renders the sign-up form, its fields named as the app reads them', () => {
    const page = parse(shells['signup.html']!.markup);
    expect(page.querySelector('main h1')?.textContent).toBe('Create your account');
    for (const name of ['firstName', 'lastName', 'email', 'password', 'company']) {
      expect(page.querySelector(`form input[name="${name}"]`), name).not.toBeNull();
    }
  });

  it('places a shell, inert, before the root of index.html and sets its title', () => {
    const index =
      '<html><head><title>Herald Cloud</title></head><body><div id="root"></div></body></html>';
    const html = withStaticShell(index, { title: 'A & B', markup: '<p>painted</p>' });
    expect(BUILD_SHELL_ID).toBe(STATIC_SHELL_ID);
    expect(html).toContain('<title>A &amp; B</title>');
    expect(html).toContain(
      `<div id="${STATIC_SHELL_ID}" inert><p>painted</p></div><div id="root"></div>`,
    );
    expect(() => withStaticShell('<body></body>', { title: 't', markup: '' })).toThrow(/root/);
    // The painted services list has no form to hold: not inert (decision 032).
    expect(
      withStaticShell(index, { title: 't', markup: '<p>x</p>' }, { isInert: false }),
    ).toContain(`<div id="${STATIC_SHELL_ID}"><p>x</p></div>`);
  });

  it('gives the login page only its start script: the app is fetched into the cache, not run', () => {
    const index =
      '<html><head><title>Herald Cloud</title>' +
      '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react-2.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-3.css">' +
      '</head><body><div id="root"></div></body></html>';
    const html = withWakeOnInteraction(
      withStaticShell(index, { title: 'Log in', markup: '<form></form>' }),
      '/assets/shell-start-4.js',
    );
    expect(APP_ENTRY_ATTRIBUTE).toBe('data-app-entry');
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/shell-start-4.js"></script>',
    );
    expect(html).not.toMatch(/<script[^>]*index-1\.js/);
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      '<link rel="prefetch" fetchpriority="low" crossorigin href="/assets/index-1.js">',
    );
    expect(html).toContain(
      '<link rel="prefetch" fetchpriority="low" crossorigin href="/assets/react-2.js">',
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
    // Inert until the start script has made the form safe to send (a plain GET would put the password in the URL).
    expect(html).toContain(
      `<div id="${STATIC_SHELL_ID}" data-app-entry="/assets/index-1.js" inert><form></form></div>`,
    );
    expect(() => withWakeOnInteraction('<html></html>', '/w.js')).toThrow(/entry/);
  });

  it('leaves the server its painted pages where the contract says (the build cannot import it)', () => {
    expect({
      PAINTED_SERVER_DIR,
      PAINTED_PAGE_TEMPLATE,
      PAINTED_TITLE_SLOT,
      PAINTED_MARKUP_SLOT,
    }).toEqual({
      PAINTED_SERVER_DIR: paintedPage.PAINTED_SERVER_DIR,
      PAINTED_PAGE_TEMPLATE: paintedPage.PAINTED_PAGE_TEMPLATE,
      PAINTED_TITLE_SLOT: paintedPage.PAINTED_TITLE_SLOT,
      PAINTED_MARKUP_SLOT: paintedPage.PAINTED_MARKUP_SLOT,
    });
  });
});
