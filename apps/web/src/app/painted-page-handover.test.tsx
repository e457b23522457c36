import {
  PAGE_ANSWERS_ELEMENT_ID,
  serializePageAnswers,
  signedInPageCalls,
  USER_CALL,
  type PageAnswers,
} from '@herald/contract/api/page-answers';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildMetadata, buildService } from '../features/services/testing/fixtures';
import { renderServices } from '../features/services/testing/render-services';
import { PENDING_CLICK_ATTRIBUTE } from '../lib/painted-page/start-script/shell-wake';
import { STATIC_SHELL_ID } from '../lib/painted-page/handover/static-shell';
import { renderPaintedPage } from '../prerender/painted-pages';
import { buildUser, buildWorkspace } from '../testing/factories';

const SERVICES = [
  buildService({ serviceId: 'svc-1', serviceName: 'brave-otter', status: 'RUNNING' }),
  buildService({ serviceId: 'svc-2', serviceName: 'calm-heron', status: 'RUNNING' }),
];

/**
 * The services list as the server paints it for what the app's API (renderServices) answers, with those answers in
 * the page as the server sends them (the app starts from them, app/page-answers.ts).
 */
function paintServicesList(): HTMLElement {
  const bodies: Record<string, unknown> = {
    getUser: buildUser(),
    listWorkspaces: [
      buildWorkspace({
        users: [{ customerid: 'cus_ada', email: 'ada@example.com', roles: ['Owner'] }],
      }),
    ],
    listWorkspaceServices: SERVICES,
    listWorkspaceServiceStatuses: SERVICES.map(({ serviceId, serviceName, status }) => ({
      serviceId,
      servicename: serviceName,
      status,
    })),
    getMetadata: buildMetadata(),
  };
  const answers: PageAnswers = {
    answers: [USER_CALL, ...signedInPageCalls('/workspace/ws-1')].map((call) => ({
      ...call,
      status: 200,
      body: bodies[call.id],
    })),
  };
  const shell = document.createElement('div');
  shell.id = STATIC_SHELL_ID;
  shell.innerHTML = renderPaintedPage('/workspace/ws-1', answers)!.markup;
  document.body.prepend(shell);
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_ANSWERS_ELEMENT_ID;
  element.textContent = serializePageAnswers(answers);
  document.body.append(element);
  return shell;
}

describe('the app taking over the services list the server painted (docs/decisions/032)', () => {
  afterEach(() => {
    document.getElementById(STATIC_SHELL_ID)?.remove();
    document.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.remove();
  });

  it('presses the button pressed before it started', async () => {
    const shell = paintServicesList();
    const create = [...shell.querySelectorAll('button')].find(
      (button) => button.textContent === 'Create service',
    )!;
    create.setAttribute(PENDING_CLICK_ATTRIBUTE, 'true');

    await renderServices({ services: SERVICES });
    await waitFor(() => expect(document.getElementById(STATIC_SHELL_ID)).toBeNull());
    expect(await screen.findByRole('dialog', { name: 'Create a service' })).toBeInTheDocument();
  });

  it('keeps the focus on the control that had it', async () => {
    const shell = paintServicesList();
    shell.querySelector<HTMLAnchorElement>('a[href="/service/svc-2"]')!.focus();
    expect(document.activeElement?.getAttribute('href')).toBe('/service/svc-2');

    await renderServices({ services: SERVICES });
    await waitFor(() => expect(document.getElementById(STATIC_SHELL_ID)).toBeNull());
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('href')).toBe('/service/svc-2'),
    );
  });

  it('presses nothing when the pressed button is not on the page the app shows', async () => {
    const shell = paintServicesList();
    const create = [...shell.querySelectorAll('button')].find(
      (button) => button.textContent === 'Create service',
    )!;
    create.setAttribute(PENDING_CLICK_ATTRIBUTE, 'true');
    create.textContent = 'Something else';

    await renderServices({ services: SERVICES });
    await waitFor(() => expect(document.getElementById(STATIC_SHELL_ID)).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
