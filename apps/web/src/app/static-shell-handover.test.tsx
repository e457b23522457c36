import { routes } from '@herald/contract/api/routes';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STATIC_SHELL_ID } from '../lib/static-shell';
import { handle } from '../testing/api-mock';
import { buildUser } from '../testing/factories';
import { createSession, renderApp } from '../testing/render-app';

/** The page the server's HTML paints before any script runs (apps/web/vite-static-shells.ts). */
function paintStaticShell(): HTMLElement {
  const shell = document.createElement('div');
  shell.id = STATIC_SHELL_ID;
  shell.inert = true;
  shell.textContent = 'Log in to Herald Cloud (painted from the HTML)';
  document.body.prepend(shell);
  return shell;
}

const shownShell = () => document.getElementById(STATIC_SHELL_ID);

describe('the hand-over from the page painted from the HTML to the app', () => {
  beforeEach(() => {
    paintStaticShell();
  });
  afterEach(() => {
    shownShell()?.remove();
  });

  it('keeps the painted page, with a spoken status and no spinner, while the user loads', async () => {
    const pending = handle(routes.getUser, () => new Promise<never>(() => {}));
    renderApp('/', pending);
    expect(await screen.findByText('Loading your account')).toBeInTheDocument();
    expect(shownShell()).not.toBeNull();
    // Only the status is spoken; nothing is drawn over or under the painted page.
    expect(document.querySelector('.mantine-Loader-root')).toBeNull();
  });

  it('removes the painted page when the login page renders', async () => {
    renderApp('/', createSession(null).handler);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to Herald Cloud' }),
    ).toBeInTheDocument();
    expect(shownShell()).toBeNull();
  });

  it('removes the painted page on the page a gate redirect leads to', async () => {
    const { router } = renderApp('/', createSession(buildUser()).handler);
    expect(await screen.findByRole('heading', { level: 1, name: 'Services' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/workspace/ws-1');
    expect(shownShell()).toBeNull();
  });

  it('removes the painted page for the 404 page, which the gate does not hold up', async () => {
    const pending = handle(routes.getUser, () => new Promise<never>(() => {}));
    renderApp('/no-such-page', pending);
    await waitFor(() => expect(shownShell()).toBeNull());
  });
});
