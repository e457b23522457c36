import { describe, expect, it } from 'vitest';
import { STATIC_SHELL_ID } from '../lib/static-shell';
import { STATIC_SHELL_ID as BUILD_SHELL_ID, withStaticShell } from '../../vite-static-shells';
import { renderStaticShells } from './static-shells';

function parse(markup: string): Document {
  return new DOMParser().parseFromString(`<body>${markup}</body>`, 'text/html');
}

describe('the pages painted from the HTML (build time)', () => {
  const shells = Object.fromEntries(renderStaticShells().map((shell) => [shell.file, shell]));

  it('renders the real login form: heading, fields and button', () => {
    const page = parse(shells['login.html']!.markup);
    expect(page.querySelector('main h1')?.textContent).toBe('Log in to Herald Cloud');
    expect(page.querySelector('input[type="email"][autocomplete="username"]')).not.toBeNull();
    expect(page.querySelector('input[type="password"]')).not.toBeNull();
    expect(page.querySelector('button[type="submit"]')?.textContent).toContain('Log in');
    expect(shells['login.html']!.title).toBe('Log in to Herald Cloud · Herald Cloud');
  });

  it('renders the sign-up form', () => {
    const page = parse(shells['signup.html']!.markup);
    expect(page.querySelector('main h1')?.textContent).toBe('Create your account');
    expect(page.querySelector('input[type="email"]')).not.toBeNull();
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
  });
});
