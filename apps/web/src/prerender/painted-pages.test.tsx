// @vitest-environment node
// The server renders these pages: no window, no storage, no DOM (happy-dom's parser reads the markup here).
import {
  USER_CALL,
  signedInPageCalls,
  type PageAnswer,
  type PageAnswers,
} from '@herald/contract/api/page-answers';
import type { User } from '@herald/contract/users/user.schema';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { buildMetadata, buildService } from '../features/services/testing/fixtures';
import { buildUser, buildWorkspace, incompleteUser } from '../testing/factories';
import { renderPaintedPage, SERVICES_LIST_TITLE } from './painted-pages';

const PATH = '/workspace/ws-1';

/** The answers the server embeds for the services list of ws-1 (contract page-answers.ts), each 200 unless told. */
function answersFor(
  options: {
    user?: User;
    workspaces?: Workspace[];
    services?: ReturnType<typeof buildService>[];
    failing?: PageAnswer['id'];
    /** The user's flags as the server's OFREP evaluation answers them; unlisted flags are off. */
    flags?: Record<string, boolean>;
  } = {},
): PageAnswers {
  const services = options.services ?? [
    buildService({ serviceId: 'svc-1', serviceName: 'brave-otter', status: 'RUNNING' }),
    buildService({ serviceId: 'svc-2', serviceName: 'calm-heron', status: 'POD_PENDING' }),
  ];
  const bodies: Record<string, unknown> = {
    getUser: options.user ?? buildUser(),
    listWorkspaces: options.workspaces ?? [
      buildWorkspace({ workspace_id: 'ws-1', name: 'Analytical Engines' }),
    ],
    listWorkspaceServices: services,
    listWorkspaceServiceStatuses: services.map((service) => ({
      serviceId: service.serviceId,
      servicename: service.serviceName,
      status: service.status,
    })),
    getMetadata: buildMetadata(),
    evaluateFlags: {
      flags: Object.entries(options.flags ?? { 'dashboard.evaluation': true }).map(
        ([key, value]) => ({ key, value, reason: 'STATIC', variant: String(value), metadata: {} }),
      ),
    },
  };
  return {
    answers: [USER_CALL, ...signedInPageCalls(PATH)].map((call) =>
      call.id === options.failing
        ? { ...call, status: 500 }
        : { ...call, status: 200, body: bodies[call.id] },
    ),
  };
}

function parse(markup: string): Document {
  const { document } = new Window();
  document.body.innerHTML = markup;
  return document as unknown as Document;
}

describe('the services list painted by the server', () => {
  it('renders the frame and a card per service with its status in words', () => {
    const page = renderPaintedPage(PATH, answersFor());
    expect(page?.title).toBe(SERVICES_LIST_TITLE);
    const document = parse(page!.markup);
    expect(document.querySelector('main h1')?.textContent).toBe('Services');
    expect(document.querySelector('header')).not.toBeNull();
    expect(document.querySelector('nav[aria-label="Workspace"]')).not.toBeNull();
    expect(document.body.textContent).toContain(
      'The real-time data services of Analytical Engines.',
    );
    const first = document.querySelector('a[href="/service/svc-1"]');
    const second = document.querySelector('a[href="/service/svc-2"]');
    expect(first?.textContent).toContain('brave-otter');
    expect(first?.textContent).toContain('Running');
    expect(second?.textContent).toContain('Starting');
    expect(second?.textContent).not.toContain('POD_PENDING');
    // The start script keeps the running service's session count live
    // (lib/painted-page/start-script/shell-live-sessions.ts).
    expect(first?.querySelector('[data-live-sessions="svc-1"]')?.textContent).toBe('…');
    expect(second?.querySelector('[data-live-sessions]')).toBeNull();
  });

  it("paints the side navigation with the user's flags as the server evaluated them (issue 25, item 14)", () => {
    const navOf = (flags: Record<string, boolean>) => {
      const page = renderPaintedPage(PATH, answersFor({ flags }));
      const nav = parse(page!.markup).querySelector('nav[aria-label="Workspace"]');
      return [...(nav?.querySelectorAll('a') ?? [])].map((link) => link.textContent);
    };
    expect(navOf({ 'dashboard.evaluation': true })).toEqual([
      'Services',
      'Evaluation guide',
      'Members',
      'Billing',
    ]);
    expect(navOf({ 'dashboard.evaluation': false })).toEqual(['Services', 'Members', 'Billing']);
    // The seed is the page's own: a page without the flag does not inherit the previous page's.
    expect(navOf({ 'dashboard.evaluation': true })).toContain('Evaluation guide');
    expect(navOf({})).not.toContain('Evaluation guide');
  });

  it('paints an empty workspace with its first-service call to action', () => {
    const page = renderPaintedPage(PATH, answersFor({ services: [] }));
    expect(parse(page!.markup).body.textContent).toContain('No services yet');
  });

  it('escapes what users named', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const page = renderPaintedPage(
      PATH,
      answersFor({ services: [buildService({ serviceId: 'svc-1', label: hostile })] }),
    );
    expect(page!.markup).not.toContain(hostile);
    expect(parse(page!.markup).querySelector('img')).toBeNull();
    expect(parse(page!.markup).body.textContent).toContain(hostile);
  });

  it('paints nothing for another page, a failed call, a foreign workspace or a user the gate sends on', () => {
    expect(renderPaintedPage('/workspace/ws-1/members', answersFor())).toBeNull();
    expect(renderPaintedPage('/profile', answersFor())).toBeNull();
    for (const failing of [
      'getUser',
      'evaluateFlags',
      'listWorkspaces',
      'listWorkspaceServices',
      'listWorkspaceServiceStatuses',
      'getMetadata',
    ] as const) {
      expect(renderPaintedPage(PATH, answersFor({ failing })), failing).toBeNull();
    }
    expect(
      renderPaintedPage(
        PATH,
        answersFor({ workspaces: [buildWorkspace({ workspace_id: 'ws-2' })] }),
      ),
    ).toBeNull();
    expect(renderPaintedPage(PATH, answersFor({ user: incompleteUser() }))).toBeNull();
    expect(renderPaintedPage(PATH, { answers: [] })).toBeNull();
  });
});
