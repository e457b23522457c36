import { routes } from '@herald/contract/api/routes';
import { SUCCESS_MESSAGES } from '@herald/contract/messages';
import { InMemoryProvider, OpenFeature } from '@openfeature/react-sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { buildService } from '../../../testing/factories';
import {
  buildEndpoint,
  buildEndpointState,
  buildRestApi,
  buildRestState,
  renderRest,
  type RestServerState,
} from '../testing/rest-factories';

// The clock stands still (timers run): "12 s ago" is exactly that, however long the machine takes to render.
beforeEach(() => {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});

afterEach(async () => {
  vi.useRealTimers();
  await OpenFeature.setProviderAndWait(new InMemoryProvider({}));
});

function server(overrides: Partial<RestServerState> = {}): RestServerState {
  return { apis: [buildRestApi()], state: buildRestState(), ...overrides };
}

const page = '/service/svc-1/rest';

async function openAddDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add API' }));
  return within(await screen.findByRole('dialog', { name: 'Add a REST API' }));
}

describe('REST APIs → the list', () => {
  it("lists each API with its base URL, endpoint count and each endpoint's last poll in words", async () => {
    const api = buildRestApi({
      endpoints: [
        buildEndpoint({ id: 'ep-1', path: '/prices/eur' }),
        buildEndpoint({ id: 'ep-2', path: '/prices/usd' }),
        buildEndpoint({ id: 'ep-3', path: '/status' }),
        buildEndpoint({ id: 'ep-4', path: '/new' }),
      ],
    });
    const state = buildRestState({
      endpoints: [
        buildEndpointState({ endpointId: 'ep-1', lastValueAt: Date.now() - 12_000 }),
        buildEndpointState({ endpointId: 'ep-2', lastOutcome: 'unchanged' }),
        buildEndpointState({
          endpointId: 'ep-3',
          lastOutcome: 'failed',
          lastStatus: null,
          lastError: 'Timed out after 10 s',
        }),
      ],
    });
    renderRest(page, server({ apis: [api], state }));
    const table = await screen.findByRole('table', { name: 'REST APIs' });
    const row = within(table).getByRole('link', { name: 'Prices' }).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Prices' })).toHaveAttribute(
      'href',
      '/service/svc-1/rest/api-1',
    );
    expect(within(row).getByText('https://api.example.com/v1')).toBeVisible();
    expect(within(row).getByText('4')).toBeVisible();
    const status = (endpointId: string) =>
      row.querySelector(`[data-endpoint-id="${endpointId}"]`) as HTMLElement;
    expect(await within(status('ep-1')).findByText('Published 12 s ago')).toBeVisible();
    expect(within(status('ep-2')).getByText('Unchanged')).toBeVisible();
    expect(within(status('ep-3')).getByText('Failed: Timed out after 10 s')).toBeVisible();
    expect(within(status('ep-4')).getByText('Not polled yet')).toBeVisible();
    expect(screen.getByText('Adapter: Polling')).toBeVisible();
  });

  it("asks for the adapter's state again while the page is open: the words follow it", async () => {
    const state = server({
      state: buildRestState({ running: false, status: 'STARTING', endpoints: [] }),
    });
    renderRest(page, state);
    expect(await screen.findByText('Adapter: Starting')).toBeVisible();
    expect(screen.getByText('Not polled yet')).toBeVisible();
    state.state = buildRestState();
    // The next ask comes REST_STATE_POLL_MS (3 s) later.
    expect(await screen.findByText('Adapter: Polling', {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByText('Published 12 s ago')).toBeVisible();
  });

  it('shows the page shape while the APIs load', async () => {
    renderRest(page, server(), [handle(routes.listRestApis, () => new Promise(() => undefined))]);
    const loading = await screen.findByText('Loading the REST APIs');
    expect(loading.closest('[role="status"]')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'REST APIs' })).toBeVisible();
  });

  it('explains what a REST API is for before there is one, and says no adapter runs yet', async () => {
    renderRest(
      page,
      server({ apis: [], state: buildRestState({ adapter: null, running: false, endpoints: [] }) }),
    );
    expect(await screen.findByRole('heading', { name: 'No REST API yet' })).toBeVisible();
    expect(screen.getByText(/its endpoints become live topics for every subscriber/)).toBeVisible();
    expect(
      await screen.findByText('Adapter: No adapter yet: the first API added starts one'),
    ).toBeVisible();
  });

  it("adds an API with a header and basic authentication, with section 8's toast", async () => {
    const state = server({ apis: [] });
    const { api } = renderRest(page, state, [
      handle(routes.createRestApi, () => {
        const created = buildRestApi({ id: 'api-9', label: 'Weather', endpoints: [] });
        state.apis = [created];
        return { status: 201, body: created };
      }),
    ]);
    const dialog = await openAddDialog();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Label' }), 'Weather');
    await userEvent.type(
      dialog.getByRole('textbox', { name: 'Base URL' }),
      'https://weather.example.com/api',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Add header' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Header 1 name' }), 'Accept');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Header 1 value' }), 'text/plain');
    // A query parameter row added and left empty is not sent.
    await userEvent.click(dialog.getByRole('button', { name: 'Add query parameter' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'Basic' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Username' }), 'ada');
    await userEvent.type(dialog.getByLabelText(/^Password/), 's3cret');
    await userEvent.click(dialog.getByRole('button', { name: 'Add API' }));
    expect(await screen.findByText(SUCCESS_MESSAGES.apiAdded)).toBeVisible();
    expect(api.requestsTo(routes.createRestApi).map((request) => request.json)).toEqual([
      {
        label: 'Weather',
        baseUrl: 'https://weather.example.com/api',
        baseTopicPath: '',
        headers: [{ name: 'Accept', value: 'text/plain' }],
        queryParameters: [],
        authentication: { type: 'basic', username: 'ada', password: 's3cret' },
      },
    ]);
    expect(await screen.findByRole('link', { name: 'Weather' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Add a REST API' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal at the field it names", async () => {
    renderRest(page, server({ apis: [] }), [
      handle(routes.createRestApi, () =>
        apiErrorResponse(400, 'Invalid request', {
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'body.baseUrl', message: 'This host is not allowed' }],
        }),
      ),
    ]);
    const dialog = await openAddDialog();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Label' }), 'Local');
    const baseUrl = dialog.getByRole('textbox', { name: 'Base URL' });
    await userEvent.type(baseUrl, 'http://10.0.0.1');
    await userEvent.click(dialog.getByRole('button', { name: 'Add API' }));
    await waitFor(() => expect(baseUrl).toHaveAccessibleDescription(/This host is not allowed/));
    expect(dialog.queryByRole('alert', { name: 'The API was not saved' })).not.toBeInTheDocument();
  });

  it('refuses a missing password before calling the server', async () => {
    const { api } = renderRest(page, server({ apis: [] }));
    const dialog = await openAddDialog();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Label' }), 'Weather');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Base URL' }), 'https://x.example');
    await userEvent.click(dialog.getByRole('radio', { name: 'Basic' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Username' }), 'ada');
    await userEvent.click(dialog.getByRole('button', { name: 'Add API' }));
    expect(dialog.getByLabelText(/^Password/)).toHaveAccessibleDescription(/Password is required/);
    expect(api.requestsTo(routes.createRestApi)).toHaveLength(0);
  });

  it('offers the base topic path only with the flag rest.adapter.base.topic.path', async () => {
    renderRest(page, server({ apis: [] }));
    let dialog = await openAddDialog();
    expect(dialog.queryByRole('textbox', { name: 'Base topic path' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await OpenFeature.setProviderAndWait(
      new InMemoryProvider({
        'rest.adapter.base.topic.path': {
          variants: { on: true, off: false },
          defaultVariant: 'on',
          disabled: false,
        },
      }),
    );
    dialog = await openAddDialog();
    expect(await dialog.findByRole('textbox', { name: 'Base topic path' })).toBeVisible();
  });

  it('says a service older than 6.8 has no REST APIs, and asks nothing', async () => {
    const { api } = renderRest(page, server(), [], {
      service: buildService({ heraldVersion: '6.7.3' }),
    });
    expect(await screen.findByText(/^REST APIs need service version 6.8 or later/)).toBeVisible();
    expect(api.requestsTo(routes.listRestApis)).toHaveLength(0);
    expect(api.requestsTo(routes.getRestAdapterState)).toHaveLength(0);
  });
});
