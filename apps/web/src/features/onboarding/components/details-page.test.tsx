import { routes } from '@herald/contract/api/routes';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { buildUser, incompleteUser } from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';

const noInvites = handle(routes.listPendingInvites, () => ({ status: 200, body: [] }));

describe('the details step (/onboarding/details)', () => {
  it('is prefilled from the user, sends all three details and moves on', async () => {
    const session = createSession(
      incompleteUser({ firstName: 'Ada', lastName: '', company: null }),
    );
    const update = handle(routes.updateUser, () => {
      session.set(buildUser({ firstService: null }));
      return { status: 200, body: buildUser({ firstService: null }) };
    });
    const { api, router } = renderApp('/onboarding/details', session.handler, noInvites, update);
    await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' });
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ada');

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Company is required')).toBeInTheDocument();
    expect(api.requestsTo(routes.updateUser)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/Last name/), ' Lovelace ');
    await userEvent.type(screen.getByLabelText(/Company/), 'Analytical Engines');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Services' })).toBeInTheDocument();
    // /workspace opens the default workspace.
    expect(router.state.location.pathname).toBe('/workspace/ws-1');
    expect(api.requestsTo(routes.updateUser).map((request) => request.json)).toEqual([
      { firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines' },
    ]);
  });

  it("puts the server's field issues on the fields", async () => {
    const update = handle(routes.updateUser, () =>
      apiErrorResponse(400, 'Invalid request', {
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'body.company', message: 'Company must be at most 100 characters' }],
      }),
    );
    renderApp(
      '/onboarding/details',
      createSession(incompleteUser({ firstName: 'Ada', lastName: 'Lovelace', company: 'X' }))
        .handler,
      noInvites,
      update,
    );
    await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Company must be at most 100 characters')).toBeInTheDocument();
  });
});
