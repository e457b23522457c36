import { MantineProvider } from '@mantine/core';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import { MESSAGING_FAILURE_MESSAGES } from '@herald/contract/messaging/messaging-session';
import { routes } from '@herald/contract/api/routes';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { handle, mockApi } from '../testing/api-mock';
import { MessagingSessionProvider } from '../lib/messaging';
import { MESSAGING_RELEASE_GRACE_MS } from '../lib/messaging/session-holder';
import { buildService, buildUser } from '../testing/factories';
import { createFakeConnector, fakeAccessToken } from '../testing/fake-messaging-connector';
import { MessagingIndicator } from './messaging-indicator';

const now = Math.floor(Date.now() / 1000);
const token = fakeAccessToken({ iat: now, exp: now + 900 });

function renderSession(
  children: ReactNode,
  { status = 'RUNNING' as ServiceStatus, accessToken = token as string | null } = {},
) {
  const connector = createFakeConnector();
  const service = buildService({ status: 'RUNNING' });
  const ui = (nextStatus: ServiceStatus, content: ReactNode) => (
    <MantineProvider env="test">
      <MessagingSessionProvider
        service={service}
        status={nextStatus}
        accessToken={accessToken}
        connect={connector.connect}
      >
        {content}
      </MessagingSessionProvider>
    </MantineProvider>
  );
  const result = render(ui(status, children));
  return {
    connector,
    service,
    rerender: (nextStatus: ServiceStatus, content: ReactNode = children) =>
      result.rerender(ui(nextStatus, content)),
    unmount: result.unmount,
  };
}

const indicator = () => screen.getByRole('status', { name: 'Live connection' });

describe('MessagingSessionProvider', () => {
  it('opens no socket until a page uses the session', async () => {
    const { connector } = renderSession(<p>Overview</p>);
    await act(async () => {});
    expect(connector.attempts).toHaveLength(0);
  });

  it('waits for the service to be RUNNING before connecting', async () => {
    const { connector, rerender, service } = renderSession(<MessagingIndicator />, {
      status: 'POD_PENDING',
    });
    await act(async () => {});
    expect(connector.attempts).toHaveLength(0);
    expect(indicator()).toHaveTextContent('Disconnected');
    rerender('RUNNING');
    await act(async () => {});
    expect(connector.attempts).toHaveLength(1);
    expect(connector.last().options.url).toBe(service.endpoints.websocketUrl);
    expect(connector.last().options.accessToken).toBe(token);
  });

  it('closes the session when the service layout is left', async () => {
    const { connector, unmount } = renderSession(<MessagingIndicator />);
    await act(async () => {});
    act(() => connector.last().handlers.onConnect());
    unmount();
    expect(connector.last().isEnded).toBe(true);
  });

  it('closes the session a moment after the last page using it is left', async () => {
    const { connector, rerender } = renderSession(<MessagingIndicator />);
    await act(async () => {});
    act(() => connector.last().handlers.onConnect());
    rerender('RUNNING', <p>Settings</p>);
    expect(connector.last().isEnded).toBe(false);
    await act(() => new Promise((resolve) => setTimeout(resolve, MESSAGING_RELEASE_GRACE_MS + 50)));
    expect(connector.last().isEnded).toBe(true);
  });
  it('tries a failed session again when a page using it is opened again', async () => {
    const { connector, rerender } = renderSession(<MessagingIndicator />);
    await act(async () => {});
    act(() => connector.last().handlers.onRefused(1));
    expect(indicator()).toHaveTextContent('Disconnected');
    rerender('RUNNING', <p>Settings</p>);
    rerender('RUNNING', <MessagingIndicator />);
    await act(async () => {});
    expect(connector.attempts).toHaveLength(2);
    expect(indicator()).toHaveTextContent('Connecting…');
  });
});

describe('MessagingIndicator', () => {
  it('shows Connecting… then Connected', async () => {
    const { connector } = renderSession(<MessagingIndicator />);
    await act(async () => {});
    expect(indicator()).toHaveTextContent('Connecting…');
    act(() => connector.last().handlers.onConnect());
    expect(indicator()).toHaveTextContent('Connected');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows Reconnecting… with the cause when the connection drops', async () => {
    const { connector } = renderSession(<MessagingIndicator />);
    await act(async () => {});
    act(() => connector.last().handlers.onConnect());
    act(() => connector.last().handlers.onClose('The connection closed'));
    expect(indicator()).toHaveTextContent('Reconnecting…');
    expect(screen.getByLabelText(/Live connection: Reconnecting/)).toHaveAccessibleName(
      'Live connection: Reconnecting… — The connection closed',
    );
  });

  it('shows Disconnected with the refusal as a tooltip when access is refused for good', async () => {
    const fresh = fakeAccessToken({ iat: now + 1, exp: now + 901 });
    const api = mockApi(
      handle(routes.getUser, () => ({ status: 200, body: buildUser({ accessToken: fresh }) })),
    );
    vi.stubGlobal('fetch', api.fetch);
    const { connector } = renderSession(<MessagingIndicator />);
    await act(async () => {});
    act(() => connector.last().handlers.onRefused(5));
    // Refused once: a fresh token is fetched (GET /v3/user) and presented once.
    await waitFor(() => expect(connector.attempts).toHaveLength(2));
    expect(api.requestsTo(routes.getUser)).toHaveLength(1);
    expect(connector.last().options.accessToken).toBe(fresh);
    expect(indicator()).toHaveTextContent('Reconnecting…');
    act(() => connector.last().handlers.onRefused(5));
    expect(indicator()).toHaveTextContent('Disconnected');
    const badge = screen.getByLabelText(/Live connection: Disconnected/);
    expect(badge).toHaveAccessibleName(
      `Live connection: Disconnected — ${MESSAGING_FAILURE_MESSAGES.notAuthorized}`,
    );
    await userEvent.hover(badge);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      MESSAGING_FAILURE_MESSAGES.notAuthorized,
    );
  });

  it('shows Disconnected with the rule’s message when there is no token', async () => {
    renderSession(<MessagingIndicator />, { accessToken: null });
    // The session first asks for a token (here the API cannot be reached), then starts and is refused.
    expect(await screen.findByLabelText(/Live connection: Disconnected/)).toHaveAccessibleName(
      'Live connection: Disconnected — No access token found',
    );
  });
});
