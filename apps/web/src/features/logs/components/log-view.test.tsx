import { routes } from '@herald/contract/api/routes';
import type { Logs } from '@herald/contract/logs/logs.schema';
import { InMemoryProvider, OpenFeature } from '@openfeature/react-sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle, type MockedRequest } from '../../../testing/api-mock';
import { buildService } from '../../../testing/factories';
import { renderServicePage } from '../../../testing/render-service-page';
import { buildLogEntry, buildLogPage } from '../testing/log-factories';
import { formatLogTime } from '../utils/log-format';

afterEach(async () => {
  vi.unstubAllGlobals();
  await OpenFeature.clearProviders();
});

/** The query a logs call sent, as a plain object. */
function queryOf(request: { url: string }): Record<string, string> {
  return Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
}

function entryMessages(): string[] {
  const list = screen.getByRole('list', { name: 'Log entries' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent ?? '');
}

function openServiceLog(
  answer: (request: MockedRequest) => Logs | Response,
  path = '/service/svc-1/logs/service',
) {
  return renderServicePage(path, {
    handlers: [
      handle(routes.getServiceLogs, (request) => {
        const reply = answer(request);
        return reply instanceof Response ? reply : { status: 200, body: reply };
      }),
    ],
  });
}

describe('a log view', () => {
  it('opens the service log from the Logs index, shows entries newest first and where they came from', async () => {
    const { api } = openServiceLog(() => buildLogPage(3, 1));
    expect(await screen.findByRole('heading', { level: 2, name: 'Service log' })).toBeVisible();
    await screen.findByRole('list', { name: 'Log entries' });
    expect(entryMessages()).toEqual(['line 3', 'line 2', 'line 1']);
    // Where the lines come from, said for people (issue 25), not the pod and container names.
    expect(screen.getByText("Written by the service's MQTT broker")).toBeVisible();
    expect(screen.queryByText(/Pod |Container/)).toBeNull();
    expect(screen.getAllByText('Info')).toHaveLength(3);
    expect(screen.getByText(formatLogTime(buildLogEntry(3).timestamp))).toHaveAttribute(
      'datetime',
      new Date(buildLogEntry(3).timestamp).toISOString(),
    );
    expect(screen.getByText('No older entries')).toBeVisible();
    expect(api.requestsTo(routes.getServiceLogs).map(queryOf)).toEqual([{ limit: '100' }]);
  });

  it('redirects the Logs index to the service log', async () => {
    openServiceLog(() => buildLogPage(1, 1), '/service/svc-1/logs');
    expect(await screen.findByRole('heading', { level: 2, name: 'Service log' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Service' })).toHaveAttribute('aria-current', 'page');
  });

  it('is readable while the service is failed, and its navigation entry stays a link', async () => {
    await OpenFeature.setProviderAndWait(
      new InMemoryProvider({
        'debug.logs': { variants: { on: true }, defaultVariant: 'on', disabled: false },
      }),
    );
    renderServicePage('/service/svc-1/logs/service', {
      service: buildService({ status: 'ERROR' }),
      handlers: [
        handle(routes.getServiceLogs, () => ({
          status: 200,
          body: buildLogPage(1, 1),
        })),
      ],
    });
    await screen.findByRole('list', { name: 'Log entries' });
    const nav = within(screen.getByRole('navigation', { name: 'Service' }));
    expect(nav.getByRole('link', { name: 'Logs' })).toHaveAttribute('href', '/service/svc-1/logs');
  });

  it('loads more with the metadata cursor, appends the older page and takes its metadata', async () => {
    const { api } = openServiceLog((request) =>
      request.searchParams.get('cursor') === 'c-101'
        ? // The older page overlaps the first by one entry (a line written between the two calls).
          buildLogPage(101, 1)
        : buildLogPage(200, 101, { cursor: 'c-101' }),
    );
    await screen.findByRole('list', { name: 'Log entries' });
    expect(entryMessages()).toHaveLength(100);
    const loadMore = screen.getByRole('button', { name: 'Load more' });
    await userEvent.click(loadMore);
    await waitFor(() => expect(entryMessages()).toHaveLength(200));
    expect(entryMessages()[0]).toBe('line 200');
    expect(entryMessages().at(-1)).toBe('line 1');
    expect(new Set(entryMessages()).size).toBe(200);
    expect(screen.getByText('No older entries')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.requestsTo(routes.getServiceLogs).map(queryOf)).toEqual([
      { limit: '100' },
      { limit: '100', cursor: 'c-101' },
    ]);
  });

  it('disables Load more while the older page loads', async () => {
    let answerOlder: (page: Logs) => void = () => undefined;
    renderServicePage('/service/svc-1/logs/service', {
      handlers: [
        handle(routes.getServiceLogs, async (request) => {
          if (request.searchParams.get('cursor') === null)
            return { status: 200, body: buildLogPage(10, 9, { cursor: 'c-9' }) };
          const page = await new Promise<Logs>((resolve) => {
            answerOlder = resolve;
          });
          return { status: 200, body: page };
        }),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Load more' })).toBeDisabled());
    answerOlder(buildLogPage(8, 8));
    expect(await screen.findByText('No older entries')).toBeVisible();
    expect(entryMessages()).toEqual(['line 10', 'line 9', 'line 8']);
  });

  it('sends the level and the settled search text, and each answer replaces the list', async () => {
    const { api } = openServiceLog((request) => {
      if (request.searchParams.get('search') === 'refused')
        return {
          ...buildLogPage(0, 0),
          logDetails: [buildLogEntry(7, { message: 'Login refused', level: 'warn' })],
        };
      if (request.searchParams.get('level') === 'warn')
        return {
          ...buildLogPage(0, 0),
          logDetails: [buildLogEntry(5, { message: 'Slow client', level: 'warn' })],
        };
      return buildLogPage(3, 1);
    });
    await screen.findByRole('list', { name: 'Log entries' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Level' }),
      'Warnings and errors',
    );
    await waitFor(() => expect(entryMessages()).toEqual(['Slow client']));
    expect(screen.getByText('Warning')).toBeVisible();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'refused');
    await waitFor(() => expect(entryMessages()).toEqual(['Login refused']));
    // Typing sends one request for the settled text, not one per keystroke.
    expect(api.requestsTo(routes.getServiceLogs).map(queryOf)).toEqual([
      { limit: '100' },
      { limit: '100', level: 'warn' },
      { limit: '100', level: 'warn', search: 'refused' },
    ]);
  });

  it('says when no entry matches the filters, and clears them', async () => {
    const { api } = openServiceLog((request) =>
      request.searchParams.has('level') ? buildLogPage(0, 1) : buildLogPage(2, 1),
    );
    await screen.findByRole('list', { name: 'Log entries' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'Errors only');
    expect(await screen.findByText('No entries match these filters')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(entryMessages()).toEqual(['line 2', 'line 1']));
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveValue('');
    expect(api.requestsTo(routes.getServiceLogs).map(queryOf).at(-1)).toEqual({ limit: '100' });
  });

  it('says when a log has no entries yet', async () => {
    openServiceLog(() => buildLogPage(0, 1));
    expect(await screen.findByText('No log entries yet')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });

  it('shows a failed load with a retry that loads again', async () => {
    let calls = 0;
    openServiceLog(() => {
      calls += 1;
      return calls === 1 ? apiErrorResponse(503, 'The log store is busy') : buildLogPage(1, 1);
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The log could not be loaded')).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(entryMessages()).toEqual(['line 1']));
  });

  it('tails: asks for entries after the newest shown and puts them on top', async () => {
    const { api } = openServiceLog((request) =>
      request.searchParams.get('after') === '2' ? buildLogPage(4, 3) : buildLogPage(2, 1),
    );
    await screen.findByRole('list', { name: 'Log entries' });
    await userEvent.click(screen.getByRole('switch', { name: 'Live tail' }));
    await waitFor(() => expect(entryMessages()).toEqual(['line 4', 'line 3', 'line 2', 'line 1']), {
      timeout: 6_000,
    });
    expect(api.requestsTo(routes.getServiceLogs).map(queryOf).slice(0, 2)).toEqual([
      { limit: '100' },
      { limit: '100', after: '2' },
    ]);
    // Off: no more polling.
    await userEvent.click(screen.getByRole('switch', { name: 'Live tail' }));
    const sent = api.requestsTo(routes.getServiceLogs).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(api.requestsTo(routes.getServiceLogs)).toHaveLength(sent);
  });

  it('does not poll while the tab is hidden', async () => {
    const { api } = openServiceLog(() => buildLogPage(2, 1));
    await screen.findByRole('list', { name: 'Log entries' });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      await userEvent.click(screen.getByRole('switch', { name: 'Live tail' }));
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(api.requestsTo(routes.getServiceLogs).map(queryOf)).toEqual([{ limit: '100' }]);
    } finally {
      // Back to the document's own (prototype) getter.
      Reflect.deleteProperty(document, 'visibilityState');
    }
    await waitFor(
      () =>
        expect(api.requestsTo(routes.getServiceLogs).map(queryOf)).toContainEqual({
          limit: '100',
          after: '2',
        }),
      { timeout: 6_000 },
    );
  });

  it('copies the shown entries as text lines, oldest first', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    openServiceLog(() => ({
      ...buildLogPage(0, 0),
      logDetails: [
        buildLogEntry(2, { level: 'error', message: 'Exited', fields: { code: 1 } }),
        buildLogEntry(1),
      ],
    }));
    await screen.findByRole('list', { name: 'Log entries' });
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(
      `${formatLogTime(buildLogEntry(1).timestamp)} INFO  line 1\n` +
        `${formatLogTime(buildLogEntry(2).timestamp)} ERROR Exited code=1\n`,
    );
    expect(await screen.findByText('2 entries copied to the clipboard.')).toBeVisible();
  });

  it('downloads the shown entries as a .log file named after the service, the log and the day', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:log';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    openServiceLog(() => buildLogPage(2, 1));
    await screen.findByRole('list', { name: 'Log entries' });
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(names).toEqual([`prices-service-${formatLogTime(Date.now()).slice(0, 10)}.log`]);
    expect(await blobs[0]?.text()).toBe(
      `${formatLogTime(buildLogEntry(1).timestamp)} INFO  line 1\n` +
        `${formatLogTime(buildLogEntry(2).timestamp)} INFO  line 2\n`,
    );
  });
});
