import { routes } from '@herald/contract/api/routes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handle, mockApi, type MockHandler } from '../testing/api-mock';
import { renderWithProviders } from '../testing/render';
import { ConsentManagerModal } from './consent-manager-modal';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderModal(userId: string | undefined, ...handlers: MockHandler[]) {
  const api = mockApi(...handlers);
  vi.stubGlobal('fetch', api.fetch);
  const onClose = vi.fn();
  renderWithProviders(<ConsentManagerModal opened onClose={onClose} userId={userId} />);
  return { api, onClose };
}

describe('the consent manager', () => {
  it("shows a signed-in user's stored choice and saves it with PUT /v3/user/consent", async () => {
    const update = handle(routes.updateConsent, (request) => ({
      status: 200,
      body: {
        analytics: (request.json as { analytics: boolean }).analytics,
        updatedAt: '2026-01-02T03:04:05.000Z',
      },
    }));
    const { api, onClose } = renderModal(
      'cus_ada',
      handle(routes.getConsent, () => ({
        status: 200,
        body: { analytics: true, updatedAt: '2026-01-01T00:00:00.000Z' },
      })),
      update,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Data Collection Preferences' });
    const analytics = await within(dialog).findByRole('switch', { name: /Analytics/ });
    expect(analytics).toBeChecked();

    await userEvent.click(analytics);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save preferences' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requestsTo(routes.updateConsent).map((request) => request.json)).toEqual([
      { analytics: false },
    ]);
    expect(localStorage.getItem('herald-consent')).toBeNull();
  });

  it('starts a signed-in user with analytics off until given', async () => {
    renderModal(
      'cus_ada',
      handle(routes.getConsent, () => ({
        status: 200,
        body: { analytics: false, updatedAt: null },
      })),
    );
    expect(await screen.findByRole('switch', { name: /Analytics/ })).not.toBeChecked();
  });

  it("keeps an anonymous visitor's choice in this browser only", async () => {
    const { api, onClose } = renderModal(undefined);
    const analytics = await screen.findByRole('switch', { name: /Analytics/ });
    expect(analytics).not.toBeChecked();
    await userEvent.click(analytics);
    await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(onClose).toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('herald-consent') ?? 'null')).toEqual({
      analytics: true,
    });
    expect(api.requests.filter((request) => request.url.includes('/v3/user/consent'))).toEqual([]);
  });
});
