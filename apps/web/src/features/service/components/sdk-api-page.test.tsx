import { routes } from '@herald/contract/api/routes';
import type { ServiceApiDetails } from '@herald/contract/services/service.schema';
import { OpenFeature } from '@openfeature/react-sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handle } from '../../../testing/api-mock';
import { renderService, turnOnFlags } from '../testing/render-service';

afterEach(async () => {
  vi.unstubAllGlobals();
  await OpenFeature.clearProviders();
});

const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJzdmMtMSJ9.c2lnbmF0dXJl';

const masked: ServiceApiDetails = {
  client_id: 'cli_123',
  authentication_url: 'http://localhost:3000/v3/service-api/token',
  authorization_header: 'Bearer ••••••••ture',
  read_only_authorization_header: 'Bearer ••••••••ture',
  service_api_url: 'http://localhost:3000/v3/service-api/svc-1',
  client_secret: '••••••••t456',
  access_token: '••••••••ture',
};
const revealed: ServiceApiDetails = {
  ...masked,
  authorization_header: `Bearer ${TOKEN}`,
  read_only_authorization_header: `Bearer ${TOKEN}`,
  client_secret: 'secret_456',
  access_token: TOKEN,
};

const detailsHandlers = [
  handle(routes.getServiceApiDetails, () => ({ status: 200, body: masked })),
  handle(routes.revealServiceApiDetails, () => ({ status: 200, body: revealed })),
];

describe('the SDKs & API page (spec section 2)', () => {
  it('opens JavaScript by default, with placeholders until the credentials are filled in', async () => {
    const { router, api } = renderService('/service/svc-1/sdk-api', { handlers: detailsHandlers });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/service/svc-1/sdk-api/javascript'),
    );
    const code = await screen.findByTestId('snippet-javascript');
    expect(code).toHaveTextContent(
      "typeof window === 'undefined' ? 'mqtt://localhost:21883' : 'ws://prices.eu-west-1.aws.localhost:3000/mqtt'",
    );
    expect(code).toHaveTextContent(
      "mqtt.connect(url, { username: 'token', password: '<ACCESS_TOKEN>' })",
    );
    expect(screen.getByRole('group', { name: 'JavaScript snippet' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Fill in my credentials' }));
    await waitFor(() => expect(code).toHaveTextContent(`password: '${TOKEN}'`));
    expect(api.requestsTo(routes.revealServiceApiDetails)).toHaveLength(1);
  });

  it('shows the mosquitto publish and subscribe lines with the TCP host and port', async () => {
    renderService('/service/svc-1/sdk-api/mosquitto', { handlers: detailsHandlers });
    await userEvent.click(await screen.findByRole('button', { name: 'Fill in my credentials' }));
    await waitFor(() =>
      expect(screen.getByTestId('snippet-mosquitto')).toHaveTextContent(
        `mosquitto_pub -h localhost -p 21883 -u token -P '${TOKEN}' -t herald/hello -m 'Hello from mosquitto' -q 1`,
      ),
    );
    expect(screen.getByText(/mosquitto command-line clients/)).toHaveTextContent(
      'Install: sudo apt-get install mosquitto-clients',
    );
    expect(screen.getByTestId('snippet-mosquitto-sub')).toHaveTextContent(
      `mosquitto_sub -h localhost -p 21883 -u token -P '${TOKEN}' -t 'herald/#' -v -C 1`,
    );
  });

  it('switches language through the tabs', async () => {
    const { router } = renderService('/service/svc-1/sdk-api/javascript', {
      handlers: detailsHandlers,
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Python' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/service/svc-1/sdk-api/python'),
    );
    expect(await screen.findByTestId('snippet-python')).toHaveTextContent(
      'client.connect("localhost", 21883)',
    );
  });

  it('offers no credentials to a User, only placeholders', async () => {
    renderService('/service/svc-1/sdk-api/curl', { roles: ['User'], handlers: detailsHandlers });
    const code = await screen.findByTestId('snippet-curl');
    await waitFor(() =>
      expect(code).toHaveTextContent(
        "curl -s -X POST http://localhost:3000/v3/service-api/token -d grant_type=client_credentials -u 'cli_123:<CLIENT_SECRET>'",
      ),
    );
    expect(
      screen.queryByRole('button', { name: 'Fill in my credentials' }),
    ).not.toBeInTheDocument();
  });
});

describe('the API token page (flag dashboard.token-page)', () => {
  it('is a 404 without the flag', async () => {
    renderService('/service/svc-1/api-token', { handlers: detailsHandlers });
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
  });

  it('shows the masked details, reveals them and rotates the secret', async () => {
    await turnOnFlags('dashboard.token-page');
    const { api } = renderService('/service/svc-1/api-token', {
      handlers: [
        ...detailsHandlers,
        handle(routes.rotateServiceApiSecret, () => ({
          status: 200,
          body: { ...revealed, client_secret: 'secret_789' },
        })),
      ],
    });
    expect(await screen.findByText('••••••••t456')).toBeInTheDocument();
    expect(screen.getByTestId('snippet-curl')).toHaveTextContent("-u 'cli_123:<CLIENT_SECRET>'");
    // Masked values offer nothing to copy; the client id does.
    expect(screen.getByRole('button', { name: 'Copy Client ID' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy Client secret' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Copy Authorization header' }),
    ).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reveal credentials' }));
    expect(await screen.findByText('secret_456')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Client secret' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Authorization header' })).toBeInTheDocument();
    expect(screen.getByTestId('snippet-curl')).toHaveTextContent(
      'curl -s -X POST http://localhost:3000/v3/service-api/token -d grant_type=client_credentials -u cli_123:secret_456',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the client secret?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByText('secret_789')).toBeInTheDocument();
    expect(api.requestsTo(routes.rotateServiceApiSecret)).toHaveLength(1);
  });
});
