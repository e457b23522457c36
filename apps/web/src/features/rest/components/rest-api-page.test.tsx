import { routes } from '@herald/contract/api/routes';
import { SUCCESS_MESSAGES } from '@herald/contract/messages';
import { REST_ADAPTER_MESSAGES } from '@herald/contract/rest-adapters/rest-adapter-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import {
  buildEndpoint,
  buildPollResult,
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

afterEach(() => {
  vi.useRealTimers();
});

function server(overrides: Partial<RestServerState> = {}): RestServerState {
  return { apis: [buildRestApi()], state: buildRestState(), ...overrides };
}

const page = '/service/svc-1/rest/api-1';

async function endpointCard(path = '/prices/eur?depth=1') {
  return within(await screen.findByRole('region', { name: path }));
}

describe('REST APIs → one API', () => {
  it('shows its settings and each endpoint with its derived pathname, url and topic, last poll and last value', async () => {
    renderRest(page, server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();
    const settings = within(screen.getByRole('region', { name: 'Settings' }));
    expect(settings.getByText('market')).toBeVisible();
    expect(settings.getByText('Bearer token')).toBeVisible();
    // Names only: header and query values may hold keys.
    expect(settings.getByText('Accept')).toBeVisible();
    expect(settings.queryByText(/k-1/)).not.toBeInTheDocument();
    const card = await endpointCard();
    expect(card.getByText('/v1/prices/eur')).toBeVisible();
    expect(card.getByText('https://api.example.com/v1/prices/eur?key=k-1&depth=1')).toBeVisible();
    expect(card.getByRole('link', { name: 'market/prices/eur' })).toHaveAttribute(
      'href',
      '/service/svc-1/topics/market/prices/eur',
    );
    expect(card.getByText('every 5 s')).toBeVisible();
    expect(card.getByText('None: the whole response')).toBeVisible();
    expect(card.getByText(/HTTP 200 · 42 ms$/)).toBeVisible();
    expect(card.getByText('{"price":12.5}')).toBeVisible();
    expect(card.getByText(/^JSON · 14 bytes/)).toBeVisible();
    expect(card.getByText('Published 12 s ago')).toBeVisible();
  });

  it('polls now and shows what the API answered and which topic it became', async () => {
    const { api } = renderRest(page, server(), [
      handle(routes.pollRestEndpoint, () => ({ status: 200, body: buildPollResult() })),
    ]);
    const card = await endpointCard();
    await userEvent.click(card.getByRole('button', { name: 'Poll now' }));
    const answer = within(await card.findByRole('region', { name: 'What the API answered' }));
    expect(answer.getByText('Published to market/prices/eur')).toBeVisible();
    expect(answer.getByText('HTTP 200 · application/json · 31 ms')).toBeVisible();
    expect(answer.getByRole('link', { name: 'market/prices/eur' })).toHaveAttribute(
      'href',
      '/service/svc-1/topics/market/prices/eur',
    );
    expect(answer.getByText('{"data":{"price":13}}')).toBeVisible();
    expect(api.requestsTo(routes.pollRestEndpoint).map((request) => request.url)).toEqual([
      '/v3/service/svc-1/rest/apis/api-1/endpoints/ep-1/poll',
    ]);
  });

  it('shows a failed poll with its cause', async () => {
    renderRest(page, server(), [
      handle(routes.pollRestEndpoint, () => ({
        status: 200,
        body: buildPollResult({
          outcome: 'failed',
          status: 503,
          error: 'The API answered 503 Service Unavailable; retrying after 30 s',
          body: null,
          value: null,
          published: false,
        }),
      })),
    ]);
    const card = await endpointCard();
    await userEvent.click(card.getByRole('button', { name: 'Poll now' }));
    const answer = within(await card.findByRole('region', { name: 'What the API answered' }));
    expect(
      answer.getByText('Failed: The API answered 503 Service Unavailable; retrying after 30 s'),
    ).toBeVisible();
    expect(answer.queryByRole('link')).not.toBeInTheDocument();
  });

  it('edits the API keeping the stored token when its field is left empty', async () => {
    const { api } = renderRest(page, server(), [
      handle(routes.updateRestApi, () => ({
        status: 200,
        body: buildRestApi({ label: 'Quotes' }),
      })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit API' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit API "Prices"' }));
    const token = dialog.getByLabelText(/^Token/);
    expect(token).toHaveValue('');
    expect(token).toHaveAccessibleDescription('Leave empty to keep the stored token');
    const label = dialog.getByRole('textbox', { name: 'Label' });
    await userEvent.clear(label);
    await userEvent.type(label, 'Quotes');
    await userEvent.click(dialog.getByRole('button', { name: 'Save API' }));
    expect(await screen.findByText(SUCCESS_MESSAGES.apiUpdated)).toBeVisible();
    expect(api.requestsTo(routes.updateRestApi).map((request) => request.json)).toEqual([
      {
        label: 'Quotes',
        baseUrl: 'https://api.example.com/v1',
        baseTopicPath: 'market',
        headers: [{ name: 'Accept', value: 'application/json' }],
        queryParameters: [{ name: 'key', value: 'k-1' }],
        authentication: { type: 'bearer' },
      },
    ]);
  });

  it('deletes the API after a confirm and goes back to the list', async () => {
    const state = server();
    const { api, router } = renderRest(page, state, [
      handle(routes.deleteRestApi, () => {
        state.apis = [];
        return { status: 204, body: undefined };
      }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete API' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete the API "Prices"?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(SUCCESS_MESSAGES.apiDeleted)).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/service/svc-1/rest'));
    expect(await screen.findByRole('heading', { name: 'No REST API yet' })).toBeVisible();
    expect(api.requestsTo(routes.deleteRestApi)).toHaveLength(1);
  });

  it('adds an endpoint with its interval in seconds, sent in milliseconds', async () => {
    const state = server({ apis: [buildRestApi({ endpoints: [] })] });
    const { api } = renderRest(page, state, [
      handle(routes.createRestEndpoint, () => {
        const endpoint = buildEndpoint({ id: 'ep-2', path: '/weather', pollIntervalMs: 10_000 });
        state.apis = [buildRestApi({ endpoints: [endpoint] })];
        return { status: 201, body: endpoint };
      }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an endpoint' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Path' }), '/weather');
    // The topic's placeholder is the one derived from the path, under the API's base topic path.
    expect(dialog.getByRole('textbox', { name: 'Topic path' })).toHaveAttribute(
      'placeholder',
      'weather',
    );
    expect(dialog.getByText('Publishes to market/weather')).toBeVisible();
    const interval = dialog.getByRole('textbox', { name: 'Poll interval (seconds)' });
    await userEvent.clear(interval);
    await userEvent.type(interval, '10');
    await userEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(SUCCESS_MESSAGES.endpointAdded)).toBeVisible();
    expect(api.requestsTo(routes.createRestEndpoint).map((request) => request.json)).toEqual([
      { path: '/weather', pollIntervalMs: 10_000 },
    ]);
    expect(await screen.findByRole('region', { name: '/weather' })).toBeVisible();
  });

  it('edits an endpoint with our update message, and deletes one with section 8s', async () => {
    const state = server();
    const { api } = renderRest(page, state, [
      handle(routes.updateRestEndpoint, () => ({
        status: 200,
        body: buildEndpoint({ valuePointer: '$.price' }),
      })),
      handle(routes.deleteRestEndpoint, () => {
        state.apis = [buildRestApi({ endpoints: [] })];
        return { status: 204, body: undefined };
      }),
    ]);
    let card = await endpointCard();
    await userEvent.click(card.getByRole('button', { name: 'Edit' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Edit endpoint /prices/eur?depth=1' }),
    );
    await userEvent.type(dialog.getByRole('textbox', { name: 'Value pointer' }), '$.price');
    await userEvent.click(dialog.getByRole('button', { name: 'Save endpoint' }));
    expect(await screen.findByText(SUCCESS_MESSAGES.endpointUpdated)).toBeVisible();
    expect(api.requestsTo(routes.updateRestEndpoint).map((request) => request.json)).toEqual([
      { path: '/prices/eur?depth=1', pollIntervalMs: 5_000, valuePointer: '$.price' },
    ]);
    card = await endpointCard();
    await userEvent.click(card.getByRole('button', { name: 'Delete' }));
    const confirm = within(
      await screen.findByRole('dialog', { name: 'Delete the endpoint /prices/eur?depth=1?' }),
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(SUCCESS_MESSAGES.endpointDeleted)).toBeVisible();
    expect(await screen.findByText(/^No endpoint yet/)).toBeVisible();
  });

  it('previews an endpoint and applies the value pointer to the body as it is typed', async () => {
    const { api } = renderRest(page, server({ apis: [buildRestApi({ endpoints: [] })] }), [
      handle(routes.previewRestEndpoint, () => ({
        status: 200,
        body: buildPollResult({
          endpointId: null,
          published: false,
          body: {
            type: 'JSON',
            preview: '{"data":{"price":13,"tags":["a","b"]}}',
            bytes: 38,
            truncated: false,
          },
        }),
      })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an endpoint' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Path' }), '/prices/eur');
    const pointer = dialog.getByRole('textbox', { name: 'Value pointer' });
    await userEvent.type(pointer, '$.data.price');
    await userEvent.click(dialog.getByRole('button', { name: 'Preview' }));
    const preview = within(await dialog.findByRole('region', { name: 'Preview' }));
    expect(preview.getByText('{"data":{"price":13,"tags":["a","b"]}}')).toBeVisible();
    expect(dialog.getByLabelText('The pointer picks')).toHaveTextContent(/^13$/);
    expect(api.requestsTo(routes.previewRestEndpoint).map((request) => request.json)).toEqual([
      { path: '/prices/eur', valuePointer: '$.data.price' },
    ]);
    // Typed on, without asking the server again.
    await userEvent.clear(pointer);
    await userEvent.type(pointer, '$.data.');
    expect(pointer).toHaveAccessibleDescription(
      /Expected a member name after "." at position 7 of the value pointer/,
    );
    // user-event types "[" written twice.
    await userEvent.type(pointer, 'tags[[1]');
    expect(dialog.getByLabelText('The pointer picks')).toHaveTextContent(/^"b"$/);
    await userEvent.clear(pointer);
    await userEvent.type(pointer, '$.volume');
    expect(dialog.getByText('The pointer picks nothing: Nothing at $.volume')).toBeVisible();
    expect(api.requestsTo(routes.previewRestEndpoint)).toHaveLength(1);
  });

  it("says why a preview cannot run while the adapter is not running, in the server's words", async () => {
    const refusal = REST_ADAPTER_MESSAGES.notRunning('SUSPENDED');
    renderRest(page, server({ apis: [buildRestApi({ endpoints: [] })] }), [
      handle(routes.previewRestEndpoint, () =>
        apiErrorResponse(409, refusal, { code: 'CONFLICT' }),
      ),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an endpoint' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Path' }), '/prices/eur');
    await userEvent.click(dialog.getByRole('button', { name: 'Preview' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(`Could not preview: ${refusal}`);
    // The form stays usable: the endpoint can still be saved.
    expect(dialog.getByRole('button', { name: 'Add endpoint' })).toBeEnabled();
  });

  it('says so when the service has no API with that id', async () => {
    renderRest('/service/svc-1/rest/api-404', server());
    expect(await screen.findByRole('heading', { name: 'REST API not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'All REST APIs' })).toHaveAttribute(
      'href',
      '/service/svc-1/rest',
    );
  });
});
