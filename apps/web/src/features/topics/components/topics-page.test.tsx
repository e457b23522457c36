import { routes } from '@herald/contract/api/routes';
import type { TopicTreeNode } from '@herald/contract/topics/topic.schema';
import type { ReactNode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle, type MockHandler } from '../../../testing/api-mock';
import { buildService } from '../../../testing/factories';
import type { LiveSession } from '../hooks/live-session';
import { createFakeLiveSession } from '../testing/fake-live-session';
import { renderTopics } from '../testing/render-topics';

/*
 * The messaging session is replaced by a double of our own interface (lib/messaging); the real session is tested
 * against a real runtime in lib/messaging and end to end in e2e/topics.spec.ts.
 */
let currentSession: LiveSession = createFakeLiveSession().session;
vi.mock('../../../lib/messaging', () => ({
  MessagingSessionProvider: ({ children }: { children: ReactNode }) => children,
  useMessagingSession: () => ({
    state: 'connected',
    error: null,
    subscribe: currentSession.subscribe,
  }),
}));

afterEach(() => {
  currentSession = createFakeLiveSession().session;
  vi.unstubAllGlobals();
});

const node = (
  path: string,
  descendants = 0,
  type: TopicTreeNode['type'] = 'JSON',
): TopicTreeNode => ({
  name: path.split('/').at(-1)!,
  path,
  type,
  descendants,
});

/** Answers the tree call per `parent` from a fixed tree. */
function treeHandler(levels: Record<string, TopicTreeNode[]>): MockHandler {
  return handle(routes.getTopicTree, (request) => {
    const parent = request.searchParams.get('parent') ?? '';
    const nodes = levels[parent] ?? [];
    return { status: 200, body: { parent, nodes, total: nodes.length, hasMore: false } };
  });
}

function topicHandler(values: Record<string, unknown>): MockHandler {
  return handle(routes.getTopic, (request) => {
    const path = request.searchParams.get('path')!;
    if (!(path in values))
      return apiErrorResponse(404, `No topic at ${path}`, { code: 'NOT_FOUND' });
    return {
      status: 200,
      body: {
        path,
        type: 'JSON' as const,
        properties: { PERSISTENT: 'true' },
        value: values[path],
        updatedAt: '2026-11-24T01:00:00.000Z',
      },
    };
  });
}

const smallTree = {
  '': [node('sensors', 3, null), node('status', 0, 'STRING')],
  sensors: [node('sensors/room1', 2, null), node('sensors/temp')],
  'sensors/room1': [node('sensors/room1/humidity'), node('sensors/room1/temp')],
};

function treeRequests(api: ReturnType<typeof renderTopics>['api']) {
  return api
    .requestsTo(routes.getTopicTree)
    .map((request) => new URL(request.url, 'http://localhost').searchParams.get('parent'));
}

/** happy-dom has no layout: the tree's scroller gets a 340 px viewport (10 rows), everything else none. */
const TREE_VIEWPORT_PX = 340;

describe('the topic browser (issue 10 item 3)', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.getAttribute('role') === 'tree' ? TREE_VIEWPORT_PX : 0;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('loads the tree a level at a time, with the number of topics below each branch', async () => {
    const { api } = renderTopics('/service/svc-1/topics/', {
      handlers: [treeHandler(smallTree), topicHandler({})],
    });
    const tree = await screen.findByRole('tree', { name: 'Topic tree' });
    const sensors = await within(tree).findByRole('treeitem', { name: /sensors/ });
    expect(sensors).toHaveAttribute('aria-expanded', 'false');
    expect(sensors).toHaveAttribute('aria-level', '1');
    expect(sensors).toHaveTextContent('3 topics');
    expect(within(tree).getByRole('treeitem', { name: /status/ })).not.toHaveAttribute(
      'aria-expanded',
    );
    expect(new Set(treeRequests(api))).toEqual(new Set(['']));

    await userEvent.click(sensors.querySelector('[aria-hidden="true"]')!);
    const room = await within(tree).findByRole('treeitem', { name: /room1/ });
    expect(room).toHaveAttribute('aria-level', '2');
    expect(room).toHaveTextContent('2 topics');
    expect(sensors).toHaveAttribute('aria-expanded', 'true');
    expect(new Set(treeRequests(api))).toEqual(new Set(['', 'sensors']));
  });

  it('renders only the rows in view of a branch of 10,000 children', async () => {
    const children = Array.from({ length: 10_000 }, (_, index) =>
      node(`big/t${String(index).padStart(5, '0')}`),
    );
    renderTopics('/service/svc-1/topics/', {
      handlers: [treeHandler({ '': [node('big', 10_000, null)], big: children }), topicHandler({})],
    });
    const tree = await screen.findByRole('tree');
    const big = await within(tree).findByRole('treeitem', { name: /big/ });
    await userEvent.click(big.querySelector('[aria-hidden="true"]')!);
    const first = await within(tree).findByRole('treeitem', { name: /t00000/ });
    expect(first).toHaveAttribute('aria-setsize', '10000');
    expect(first).toHaveAttribute('aria-posinset', '1');
    const rendered = within(tree).getAllByRole('treeitem');
    // 10 rows fit the viewport; the virtualiser adds a few rows of overscan, never the 10,001 rows.
    expect(rendered.length).toBeGreaterThanOrEqual(10);
    expect(rendered.length).toBeLessThanOrEqual(20);
    expect(within(tree).queryByRole('treeitem', { name: /t09999/ })).toBeNull();
  });

  it('is driven by the keyboard: arrows move, Right opens, Left goes back up, Enter selects', async () => {
    const { router } = renderTopics('/service/svc-1/topics/', {
      handlers: [treeHandler(smallTree), topicHandler({ 'sensors/temp': 21 })],
    });
    const tree = await screen.findByRole('tree');
    await within(tree).findByRole('treeitem', { name: /sensors/ });
    tree.focus();
    const active = () => document.getElementById(tree.getAttribute('aria-activedescendant')!)!;
    expect(active()).toHaveTextContent('sensors');

    await userEvent.keyboard('{ArrowRight}');
    await within(tree).findByRole('treeitem', { name: /room1/ });
    expect(active()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(active()).toHaveTextContent('room1');
    await userEvent.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('temp');
    await userEvent.keyboard('{ArrowLeft}');
    expect(active()).toHaveTextContent('sensors');
    await userEvent.keyboard('{ArrowLeft}');
    expect(active()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{End}');
    expect(active()).toHaveTextContent('status');
    await userEvent.keyboard('{Home}{ArrowRight}{ArrowDown}{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/service/svc-1/topics/sensors/temp');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'sensors/temp' }),
    ).toBeInTheDocument();
  });

  it('opens the topic named by the URL, its branches expanded, and puts a selection in the URL', async () => {
    const { router, api } = renderTopics('/service/svc-1/topics/sensors/room1/temp', {
      handlers: [
        treeHandler(smallTree),
        topicHandler({ 'sensors/room1/temp': { celsius: 21.5 }, status: 'ok' }),
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'sensors/room1/temp' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('topic-value')).toHaveTextContent('"celsius": 21.5');
    const tree = screen.getByRole('tree');
    const selected = await within(tree).findByRole('treeitem', { name: /^temp/, selected: true });
    expect(selected).toHaveAttribute('aria-level', '3');
    expect(new Set(treeRequests(api))).toEqual(new Set(['', 'sensors', 'sensors/room1']));
    expect(screen.getByRole('link', { name: 'Topics' })).toBeInTheDocument();

    await userEvent.click(within(tree).getByRole('treeitem', { name: /status/ }));
    expect(router.state.location.pathname).toBe('/service/svc-1/topics/status');
    expect(await screen.findByRole('heading', { level: 2, name: 'status' })).toBeInTheDocument();
  });

  it('encodes each segment in the URL and reads it back (spaces, %, ?)', async () => {
    const odd = { '': [node('room 1', 1, null)], 'room 1': [node('room 1/100% sure?')] };
    const { router, api } = renderTopics('/service/svc-1/topics/', {
      handlers: [treeHandler(odd), topicHandler({ 'room 1/100% sure?': 1 })],
    });
    const tree = await screen.findByRole('tree');
    await userEvent.click(
      (await within(tree).findByRole('treeitem', { name: /room 1/ })).querySelector(
        '[aria-hidden="true"]',
      )!,
    );
    await userEvent.click(await within(tree).findByRole('treeitem', { name: /100% sure\?/ }));
    expect(router.state.location.pathname).toBe('/service/svc-1/topics/room%201/100%25%20sure%3F');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'room 1/100% sure?' }),
    ).toBeInTheDocument();
    expect(
      api
        .requestsTo(routes.getTopic)
        .map((request) => new URL(request.url, 'http://localhost').searchParams.get('path')),
    ).toEqual(['room 1/100% sure?']);
  });

  it('says when the path in the URL names no topic, and offers its parent', async () => {
    const { router } = renderTopics('/service/svc-1/topics/sensors/gone', {
      handlers: [treeHandler(smallTree), topicHandler({})],
    });
    expect(
      await screen.findByText('There is no topic at this path. It may have been removed.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to sensors' }));
    expect(router.state.location.pathname).toBe('/service/svc-1/topics/sensors');
    expect(await screen.findByTestId('branch-summary')).toHaveTextContent(
      '3 topics below it, open in the tree: pick one to see its value.',
    );
  });

  it('opens a branch named by the URL, expanded, and says what it holds (issue 25 item 17)', async () => {
    const { api } = renderTopics('/service/svc-1/topics/sensors', {
      handlers: [treeHandler(smallTree), topicHandler({})],
    });
    const tree = await screen.findByRole('tree');
    const sensors = await within(tree).findByRole('treeitem', { name: /^sensors/ });
    await waitFor(() => expect(sensors).toHaveAttribute('aria-expanded', 'true'));
    expect(sensors).toHaveAttribute('aria-selected', 'true');
    expect(await within(tree).findByRole('treeitem', { name: /^room1/ })).toHaveAttribute(
      'aria-level',
      '2',
    );
    expect(await screen.findByTestId('branch-summary')).toHaveTextContent('3 topics below it');
    expect(screen.queryByText(/not a topic itself/)).toBeNull();
    // Closing it again sticks: the selection opens it once.
    await userEvent.click(sensors.querySelector('[aria-hidden="true"]')!);
    await waitFor(() => expect(sensors).toHaveAttribute('aria-expanded', 'false'));
    // A selected leaf is never asked for children.
    expect(new Set(treeRequests(api))).toEqual(new Set(['', 'sensors']));
  });

  it('offers the nearest branch that exists, or the top of the tree, for a path whose parent is missing too (issue 25)', async () => {
    const { router } = renderTopics('/service/svc-1/topics/sensors/gone/deeper', {
      handlers: [treeHandler(smallTree), topicHandler({})],
    });
    expect(
      await screen.findByText('There is no topic at this path. It may have been removed.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Go to sensors' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to sensors/gone' })).toBeNull();

    await act(() => router.navigate('/service/svc-1/topics/no/such/thing'));
    await userEvent.click(await screen.findByRole('button', { name: 'Go to the top of the tree' }));
    expect(router.state.location.pathname).toBe('/service/svc-1/topics/');
  });

  it('shows live values of the rows in view and of the selected topic, with a history of what arrived', async () => {
    const fake = createFakeLiveSession();
    currentSession = fake.session;
    renderTopics('/service/svc-1/topics/sensors/temp', {
      handlers: [treeHandler(smallTree), topicHandler({ 'sensors/temp': 20 })],
    });
    const tree = await screen.findByRole('tree');
    await within(tree).findByRole('treeitem', { name: /^temp/ });
    // Topics in view (not branches) and the selected one are subscribed, each by its exact path.
    await waitFor(() => expect(fake.subscribed()).toEqual(['sensors/temp', 'status']));
    expect(screen.getByTestId('topic-value')).toHaveTextContent('20');

    act(() => fake.publish('sensors/temp', '20', true));
    act(() => fake.publish('sensors/temp', '22.5'));
    act(() => fake.publish('status', '"ok"'));
    await waitFor(() => expect(screen.getByTestId('topic-value')).toHaveTextContent('22.5'));
    const row = within(tree).getByRole('treeitem', { name: /^temp/ });
    expect(row).toHaveTextContent('22.5');
    expect(within(tree).getByRole('treeitem', { name: /status/ })).toHaveTextContent('"ok"');
    const history = within(screen.getByTestId('topic-history')).getAllByRole('row').slice(1);
    expect(history.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/22\.5$/),
      expect.stringMatching(/\(stored\)20$/),
    ]);
    expect(screen.getByTestId('topic-updated')).toHaveTextContent('just now');
    // Numeric values: a small chart of them, and the same in words.
    expect(screen.getByTestId('topic-chart-summary')).toHaveTextContent(
      '2 values, from 20 to 22.5 (lowest 20, highest 22.5).',
    );
    expect(await screen.findByTestId('topic-chart')).toBeInTheDocument();
  });

  it("shows the last publish's QoS and whether the value is retained, asked afresh after a live change", async () => {
    const fake = createFakeLiveSession();
    currentSession = fake.session;
    let qos: 0 | 1 | 2 = 1;
    const { api } = renderTopics('/service/svc-1/topics/sensors/temp', {
      handlers: [
        treeHandler(smallTree),
        handle(routes.getTopic, () => ({
          status: 200,
          body: {
            path: 'sensors/temp',
            type: 'JSON' as const,
            properties: {},
            value: 20,
            updatedAt: '2026-11-24T01:00:00.000Z',
            qos,
            retained: true,
          },
        })),
      ],
    });
    expect(await screen.findByTestId('topic-qos')).toHaveTextContent('QoS 1');
    expect(screen.getByTestId('topic-retained')).toHaveTextContent('Retained');
    await waitFor(() => expect(fake.subscribed()).toContain('sensors/temp'));
    qos = 2;
    act(() => fake.publish('sensors/temp', '21'));
    await waitFor(() => expect(screen.getByTestId('topic-qos')).toHaveTextContent('QoS 2'));
    expect(api.requestsTo(routes.getTopic)).toHaveLength(2);
  });

  it('shows message counts per branch and topic, with a rate once read twice, and lights up what grew', async () => {
    let reading = 0;
    renderTopics('/service/svc-1/topics/', {
      handlers: [
        handle(routes.getTopicTree, () => {
          reading += 1;
          const nodes = [
            { ...node('plant', 2, null), messages: 10 + 4 * reading },
            { ...node('status', 0, 'STRING'), messages: 3 },
          ];
          return { status: 200, body: { parent: '', nodes, total: 2, hasMore: false } };
        }),
        topicHandler({}),
      ],
    });
    const tree = await screen.findByRole('tree');
    const plant = await within(tree).findByRole('treeitem', { name: /^plant/ });
    expect(within(plant).getByTestId('row-messages')).toHaveTextContent(/^\d+ msgs$/);
    expect(plant.querySelector('[data-flash]')).toBeNull();
    // The level is read again (TREE_REFRESH_MS): the count grew, so a rate shows and the row lights up.
    await waitFor(
      () =>
        expect(within(plant).getByTestId('row-messages')).toHaveTextContent(/msgs · [\d.]+\/s$/),
      { timeout: 8_000 },
    );
    expect(plant.querySelector('[data-flash]')).not.toBeNull();
    const status = within(tree).getByRole('treeitem', { name: /^status/ });
    expect(within(status).getByTestId('row-messages')).toHaveTextContent(/^3 msgs$/);
    expect(status.querySelector('[data-flash]')).toBeNull();
  });

  it('drops the subscriptions of rows that leave the view', async () => {
    const fake = createFakeLiveSession();
    currentSession = fake.session;
    renderTopics('/service/svc-1/topics/', {
      handlers: [treeHandler(smallTree), topicHandler({})],
    });
    const tree = await screen.findByRole('tree');
    const sensors = await within(tree).findByRole('treeitem', { name: /sensors/ });
    await waitFor(() => expect(fake.subscribed()).toEqual(['status']));
    await userEvent.click(sensors.querySelector('[aria-hidden="true"]')!);
    await waitFor(() => expect(fake.subscribed()).toEqual(['sensors/temp', 'status']));
    await userEvent.click(sensors.querySelector('[aria-hidden="true"]')!);
    await waitFor(() => expect(fake.subscribed()).toEqual(['status']));
    // The Search tab hides the tree: nothing of it is in view.
    await userEvent.click(screen.getByRole('tab', { name: 'Search' }));
    await waitFor(() => expect(fake.subscribed()).toEqual([]));
  });

  it('shows a time series topic with its events and their sequence numbers', async () => {
    renderTopics('/service/svc-1/topics/meter', {
      handlers: [
        treeHandler({ '': [node('meter', 0, 'TIME_SERIES')] }),
        handle(routes.getTopic, () => ({
          status: 200,
          body: {
            path: 'meter',
            type: 'TIME_SERIES' as const,
            properties: { TIME_SERIES_EVENT_VALUE_TYPE: 'DOUBLE' },
            value: 2.5,
            updatedAt: '2026-11-24T01:00:00.000Z',
          },
        })),
        handle(routes.getTimeSeriesEvents, () => ({
          status: 200,
          body: {
            path: 'meter',
            events: [
              { sequence: 7, timestamp: '2026-11-24T00:59:00.000Z', value: 1.5 },
              { sequence: 8, timestamp: '2026-11-24T01:00:00.000Z', value: 2.5 },
            ],
            hasMore: false,
          },
        })),
      ],
    });
    const events = await screen.findByRole('table', { name: 'Events of meter' });
    const rows = within(events).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['8', '7']);
    expect(screen.getByTestId('topic-value')).toHaveTextContent('2.5');
  });

  it('lets a User browse, with the edit buttons disabled and saying why', async () => {
    renderTopics('/service/svc-1/topics/status', {
      roles: ['User'],
      handlers: [treeHandler(smallTree), topicHandler({ status: 'ok' })],
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'status' })).toBeInTheDocument();
    expect(await screen.findByRole('treeitem', { name: /sensors/ })).toBeInTheDocument();
    for (const name of ['Add topic', 'Remove topic']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
    }
  });

  it('shows why there is no tree while the service is not running', async () => {
    const { api } = renderTopics('/service/svc-1/topics/', {
      service: buildService({ status: 'POD_PENDING' }),
      status: 'POD_PENDING',
      handlers: [treeHandler(smallTree)],
    });
    expect(
      await screen.findByText('Topics are shown while the service is running'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tree')).toBeNull();
    expect(api.requestsTo(routes.getTopicTree)).toHaveLength(0);
  });

  it('shows a failed tree call with the reason and a retry', async () => {
    let fail = true;
    renderTopics('/service/svc-1/topics/', {
      handlers: [
        handle(routes.getTopicTree, () =>
          fail
            ? apiErrorResponse(503, 'The service runtime is not reachable', {
                code: 'RUNTIME_UNAVAILABLE',
              })
            : {
                status: 200,
                body: { parent: '', nodes: [node('status')], total: 1, hasMore: false },
              },
        ),
      ],
    });
    expect(await screen.findByText('The topic tree could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('treeitem', { name: /status/ })).toBeInTheDocument();
  });
});
