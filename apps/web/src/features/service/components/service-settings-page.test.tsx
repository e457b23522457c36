import { routes } from '@herald/contract/api/routes';
import { OpenFeature } from '@openfeature/react-sdk';
import { SERVICE_MESSAGES } from '@herald/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { buildService } from '../../../testing/factories';
import { renderService, turnOnFlags } from '../testing/render-service';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const noScheduledUpdate = handle(routes.getScheduledUpdate, () =>
  apiErrorResponse(404, SERVICE_MESSAGES.noScheduledUpdateForService),
);

async function openSettings(options: Parameters<typeof renderService>[1] = {}) {
  const rendered = renderService('/service/svc-1/settings', {
    ...options,
    handlers: [...(options.handlers ?? []), noScheduledUpdate],
  });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return rendered;
}

describe('the service settings (spec sections 2, 6 and 7)', () => {
  it('saves the hint colour, which recolours the top bar', async () => {
    const { api } = await openSettings({
      handlers: [
        handle(routes.updateConsoleSettings, (request) => ({
          status: 200,
          body: buildService({ consoleSettings: request.json as { hintColor: string | null } }),
        })),
      ],
    });
    const field = await screen.findByRole('textbox', { name: 'Hint colour' });
    await userEvent.type(field, '#1a2b3c');
    await userEvent.click(screen.getByRole('button', { name: 'Save colour' }));
    expect(await screen.findByText('Hint colour saved.')).toBeInTheDocument();
    expect(api.requestsTo(routes.updateConsoleSettings).map((request) => request.json)).toEqual([
      { hintColor: '#1a2b3c' },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('banner')).toHaveStyle({ backgroundColor: '#1a2b3c' }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear colour' }));
    await waitFor(() =>
      expect(api.requestsTo(routes.updateConsoleSettings).map((request) => request.json)).toEqual([
        { hintColor: '#1a2b3c' },
        { hintColor: null },
      ]),
    );
    await waitFor(() => expect(screen.getByRole('banner').style.backgroundColor).toBe(''));
  });

  it('sends the sensitive data and alert switches', async () => {
    const { api } = await openSettings({
      handlers: [
        handle(routes.updateAdditionalProperty, () => ({
          status: 200,
          body: buildService({ sensitiveData: true }),
        })),
        handle(routes.updateInterestedAlerts, () => ({
          status: 200,
          body: buildService({ interestedAlerts: { topicsCapacity: true, remoteServer: true } }),
        })),
      ],
    });
    await userEvent.click(
      screen.getByRole('switch', { name: 'This service holds sensitive data' }),
    );
    await userEvent.click(screen.getByRole('switch', { name: 'A remote server connection fails' }));
    await waitFor(() =>
      expect(api.requestsTo(routes.updateInterestedAlerts).map((request) => request.json)).toEqual([
        { interestedAlerts: { topicsCapacity: true, remoteServer: true } },
      ]),
    );
    expect(api.requestsTo(routes.updateAdditionalProperty).map((request) => request.json)).toEqual([
      { sensitiveData: true },
    ]);
  });

  it('upgrades now by sending the current time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const { api } = await openSettings({
      handlers: [
        handle(routes.scheduleUpdate, (request) => ({
          status: 200,
          body: request.json as { newHeraldVersion: string; scheduledTimestamp: number },
        })),
      ],
    });
    await userEvent.click(await screen.findByLabelText('New version', { selector: 'input' }));
    expect(screen.queryByRole('option', { name: '6.9.2' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: '6.11.1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade now' }));
    expect(await screen.findByText('Upgrade to 6.11.1 started.')).toBeInTheDocument();
    expect(api.requestsTo(routes.scheduleUpdate).map((request) => request.json)).toEqual([
      { newHeraldVersion: '6.11.1', scheduledTimestamp: Date.parse('2026-03-01T10:00:00Z') },
    ]);
    expect(await screen.findByText(/Upgrade to 6.11.1 on/)).toBeInTheDocument();
  });

  it('shows the scheduled upgrade and cancels it', async () => {
    const { api } = await openSettings({
      handlers: [
        handle(routes.getScheduledUpdate, () => ({
          status: 200,
          body: {
            newHeraldVersion: '6.10.0',
            scheduledTimestamp: Date.parse('2030-01-01T00:00:00Z'),
          },
        })),
        handle(routes.cancelScheduledUpdate, () => ({ status: 204, body: undefined })),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel scheduled upgrade' }));
    expect(await screen.findByText('Scheduled upgrade cancelled.')).toBeInTheDocument();
    expect(api.requestsTo(routes.cancelScheduledUpdate)).toHaveLength(1);
    expect(screen.queryByText(/Upgrade to 6.10.0 on/)).not.toBeInTheDocument();
  });

  it('restarts and resets the topic tree after confirming', async () => {
    const { api } = await openSettings({
      handlers: [
        handle(routes.restartService, () => ({
          status: 202,
          body: { serviceId: 'svc-1', status: 'RUNNING' as const },
        })),
        handle(routes.resetTopicTree, () => ({
          status: 202,
          body: { serviceId: 'svc-1', status: 'POD_INITIALIZING' as const },
        })),
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Restart service' }));
    const restart = await screen.findByRole('dialog', { name: 'Restart the service?' });
    await userEvent.click(within(restart).getByRole('button', { name: 'Restart' }));
    expect(await screen.findByText('The service is restarting.')).toBeInTheDocument();
    expect(api.requestsTo(routes.restartService)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Reset topic tree' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset the topic tree?' });
    expect(reset).toHaveTextContent('All topics are removed');
    await userEvent.click(within(reset).getByRole('button', { name: 'Reset the topic tree' }));
    expect(await screen.findByText('The topic tree is being reset.')).toBeInTheDocument();
    expect(api.requestsTo(routes.resetTopicTree)).toHaveLength(1);
  });

  it('deletes the service only once its exact name is typed', async () => {
    const { api, router } = await openSettings({
      handlers: [handle(routes.cancelService, () => ({ status: 204, body: undefined }))],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this service?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete this service' });
    expect(confirm).toBeDisabled();
    const field = within(dialog).getByRole('textbox', { name: 'Service name' });
    await userEvent.type(field, 'Prices');
    expect(confirm).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'prices');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/ws-1'));
    expect(await screen.findByText('Service prices deleted.')).toBeInTheDocument();
    expect(api.requestsTo(routes.cancelService).map((request) => request.url)).toEqual([
      '/v3/service/svc-1/cancel',
    ]);
  });

  it('disables what a User may not do, but not the restart', async () => {
    await openSettings({ roles: ['User'] });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete service' })).toBeDisabled(),
    );
    expect(screen.getByRole('textbox', { name: 'Hint colour' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save colour' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset topic tree' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upgrade now' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Restart service' })).toBeEnabled();
  });
});

describe('console single sign-on on the settings page (spec section 3 useConsoleSso)', () => {
  afterEach(async () => {
    await OpenFeature.clearProviders();
  });

  const sso = () =>
    screen.queryByRole('switch', {
      name: 'Sign members in to the console with their Herald Cloud account',
    });

  it('turns it on and off, sending the saved hint colour with it', async () => {
    await turnOnFlags('service.settings.console');
    const { api } = await openSettings({
      service: buildService({ consoleSettings: { hintColor: '#1a2b3c' }, useConsoleSso: false }),
      handlers: [
        handle(routes.updateConsoleSettings, (request) => ({
          status: 200,
          body: buildService({
            consoleSettings: { hintColor: '#1a2b3c' },
            useConsoleSso: (request.json as { useConsoleSso: boolean }).useConsoleSso,
          }),
        })),
      ],
    });
    const toggle = await screen.findByRole('switch', {
      name: 'Sign members in to the console with their Herald Cloud account',
    });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText('Console single sign-on turned on.')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    expect(await screen.findByText('Console single sign-on turned off.')).toBeInTheDocument();
    expect(api.requestsTo(routes.updateConsoleSettings).map((request) => request.json)).toEqual([
      { hintColor: '#1a2b3c', useConsoleSso: true },
      { hintColor: '#1a2b3c', useConsoleSso: false },
    ]);
    expect(
      api.requestsTo(routes.updateConsoleSettings).map((request) => [request.method, request.url]),
    ).toEqual([
      ['PUT', '/v3/service/svc-1/console-settings'],
      ['PUT', '/v3/service/svc-1/console-settings'],
    ]);
  });

  it('is not shown to a User, who may not configure-service-console', async () => {
    await turnOnFlags('service.settings.console');
    await openSettings({ roles: ['User'] });
    await screen.findByRole('button', { name: 'Restart service' });
    expect(sso()).not.toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Console single sign-on' }),
    ).not.toBeInTheDocument();
  });

  it('is not shown while flag service.settings.console is off', async () => {
    await openSettings({ roles: ['Admin'] });
    await screen.findByRole('button', { name: 'Restart service' });
    expect(sso()).not.toBeInTheDocument();
  });
});
