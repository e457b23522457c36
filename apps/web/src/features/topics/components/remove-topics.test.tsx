import { routes } from '@herald/contract/api/routes';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { handle, mockApi } from '../../../testing/api-mock';
import { renderWithProviders } from '../../../testing/render';
import { buildTopic } from '../testing/topic-factories';
import { RemoveBySelectorButton } from './remove-by-selector-button';
import { RemoveTopicButton } from './remove-topic-button';
import { TopicSearch } from './topic-search';

/** A service with `total` topics under sensors/; the count answers `counts` in turn (the last one repeats). */
function serviceWithTopics(counts: number[]) {
  let countCalls = 0;
  const api = mockApi(
    handle(routes.countTopics, () => {
      const count = counts[Math.min(countCalls, counts.length - 1)] ?? 0;
      countCalls += 1;
      return { status: 200, body: { count } };
    }),
    handle(routes.listTopics, () => ({
      status: 200,
      body: {
        topics: [buildTopic({ path: 'sensors/a' }), buildTopic({ path: 'sensors/b' })],
        hasMore: false,
      },
    })),
    handle(routes.removeTopics, () => ({ status: 200, body: { removed: counts.at(-1) ?? 0 } })),
  );
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

/** Enters a whole selector in one change, as a paste: how fast a test types must not decide what it sees. */
function paste(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
}

describe('RemoveBySelectorButton', () => {
  it('says exactly how many topics will go, counted afresh, names the selector, and how many went', async () => {
    // The playground counts 12; by the time removal is asked for, 13 match: the confirmation says 13.
    const api = serviceWithTopics([12, 13]);
    renderWithProviders(<RemoveBySelectorButton serviceId="svc-1" canEdit />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove by selector' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove topics by selector' }));
    const review = dialog.getByRole('button', { name: 'Remove matching topics…' });
    expect(review).toBeDisabled();
    paste(dialog.getByRole('textbox', { name: 'Topic selector' }), '>sensors/');
    expect(await dialog.findByText('12 topics match')).toBeVisible();
    await userEvent.click(review);
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove these topics?' }));
    expect(confirm.getByTestId('remove-by-selector-confirmation')).toHaveTextContent(
      '13 topics matching >sensors/ will be removed, with their values, for every client. This cannot be undone.',
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Remove 13 topics' }));
    expect(await screen.findByText('13 topics removed.')).toBeVisible();
    const removals = api.requestsTo(routes.removeTopics);
    expect(removals.map((request) => [request.method, request.url])).toEqual([
      ['DELETE', '/v3/service/svc-1/topics?selector=%3Esensors%2F'],
    ]);
  });

  it('does not offer removal when nothing matches', async () => {
    const api = serviceWithTopics([0]);
    renderWithProviders(<RemoveBySelectorButton serviceId="svc-1" canEdit />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove by selector' }));
    paste(await screen.findByRole('textbox', { name: 'Topic selector' }), '*nothing.*');
    await userEvent.click(screen.getByRole('button', { name: 'Remove matching topics…' }));
    expect(await screen.findByText(/there is nothing to remove/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Remove \d/ })).not.toBeInTheDocument();
    expect(api.requestsTo(routes.removeTopics)).toHaveLength(0);
  });

  it('cannot be used with a selector that does not parse', async () => {
    serviceWithTopics([1]);
    renderWithProviders(<RemoveBySelectorButton serviceId="svc-1" canEdit />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove by selector' }));
    paste(await screen.findByRole('textbox', { name: 'Topic selector' }), '?a//b');
    expect(await screen.findByText('Topic selector "?a//b" has an empty part')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove matching topics…' })).toBeDisabled();
  });

  it('is disabled for a User, with the reason', async () => {
    renderWithProviders(<RemoveBySelectorButton serviceId="svc-1" canEdit={false} />);
    const button = screen.getByRole('button', { name: 'Remove by selector' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(
      'Only an Admin or Owner of the workspace can change topics.',
    );
    await userEvent.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('RemoveTopicButton', () => {
  it('asks, then removes exactly that topic (not the ones below it)', async () => {
    const api = serviceWithTopics([1]);
    const onRemoved = vi.fn();
    renderWithProviders(
      <RemoveTopicButton serviceId="svc-1" path="sensors/a" canEdit onRemoved={onRemoved} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove topic' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove this topic?' }));
    expect(
      dialog.getByText(/The topic sensors\/a and its value are removed .* Topics below it stay/),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Remove topic' }));
    expect(await screen.findByText('Topic sensors/a removed.')).toBeVisible();
    expect(api.requestsTo(routes.removeTopics).map((request) => request.url)).toEqual([
      '/v3/service/svc-1/topics?selector=%3Esensors%2Fa',
    ]);
    expect(onRemoved).toHaveBeenCalledWith('sensors/a');
  });

  it('is disabled for a User', () => {
    renderWithProviders(<RemoveTopicButton serviceId="svc-1" path="a" canEdit={false} />);
    expect(screen.getByRole('button', { name: 'Remove topic' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});

describe('TopicSearch', () => {
  it("asks the service for the selector's count and matches, and opens a match", async () => {
    const api = serviceWithTopics([2]);
    const onSelect = vi.fn();
    renderWithProviders(<TopicSearch serviceId="svc-1" onSelect={onSelect} />);
    paste(screen.getByRole('textbox', { name: 'Search topics' }), '?sensors/.*');
    expect(await screen.findByText('2 topics match')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'sensors/b' }));
    expect(onSelect).toHaveBeenCalledWith('sensors/b');
    expect(api.requestsTo(routes.countTopics).map((request) => request.url)).toEqual([
      '/v3/service/svc-1/topics/count?selector=%3Fsensors%2F.*',
    ]);
    expect(api.requestsTo(routes.listTopics).map((request) => request.url)).toEqual([
      '/v3/service/svc-1/topics?selector=%3Fsensors%2F.*&limit=25',
    ]);
  });

  it.each([
    ['weather/#', '>weather//', 'MQTT topic filter weather/#, as the selector >weather//'],
    [
      'sensors/+/temp',
      '?sensors/.+/temp',
      'MQTT topic filter sensors/+/temp, as the selector ?sensors/.+/temp',
    ],
    ['temp', '*.*[tT][eE][mM][pP].*', 'Topics whose path contains “temp”, ignoring case'],
  ])('takes the MQTT filter or words %s, asking for %s', async (typed, selector, readAs) => {
    const api = serviceWithTopics([2]);
    renderWithProviders(<TopicSearch serviceId="svc-1" onSelect={vi.fn()} />);
    const box = screen.getByRole('textbox', { name: 'Search topics' });
    paste(box, typed);
    expect(await screen.findByText('2 topics match')).toBeVisible();
    expect(box).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('selector-read-as')).toHaveTextContent(readAs);
    expect(api.requestsTo(routes.countTopics).map((request) => request.url)).toEqual([
      `/v3/service/svc-1/topics/count?selector=${encodeURIComponent(selector)}`,
    ]);
  });

  it('names what is wrong with a filter whose wildcard is not a whole level, and asks nothing', async () => {
    const api = serviceWithTopics([2]);
    renderWithProviders(<TopicSearch serviceId="svc-1" onSelect={vi.fn()} />);
    paste(screen.getByRole('textbox', { name: 'Search topics' }), 'weather/#/today');
    expect(
      await screen.findByText(
        'MQTT topic filter "weather/#/today": # must be the last level, as in sensors/#',
      ),
    ).toBeVisible();
    expect(api.requestsTo(routes.countTopics)).toEqual([]);
  });
});
