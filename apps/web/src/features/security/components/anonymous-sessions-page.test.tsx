import { routes } from '@herald/contract/api/routes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handle } from '../../../testing/api-mock';
import { renderServicePage } from '../../../testing/render-service-page';
import {
  buildAuthenticationStore,
  buildSecurityStore,
  reviewLines,
  securityHandlers,
} from '../testing/authentication-factories';

afterEach(() => vi.unstubAllGlobals());

function openAnonymous(roles: ('Owner' | 'User')[] = ['Owner']) {
  const state = {
    security: buildSecurityStore({ rolesForAnonymousSessions: ['CLIENT'] }),
    authentication: buildAuthenticationStore({ anonymousAction: 'DENY' }),
  };
  const rendered = renderServicePage('/service/svc-1/authentication/anonymous-sessions', {
    roles,
    handlers: [
      handle(routes.putAnonymousAction, (request) => {
        state.authentication = {
          ...state.authentication,
          ...(request.json as { anonymousAction: 'ALLOW' }),
        };
        return { status: 200, body: { disconnected: 0 } };
      }),
      ...securityHandlers(state),
    ],
  });
  return rendered;
}

describe('Auth → Anonymous sessions', () => {
  it('explains each policy in a line and shows the roles anonymous sessions get', async () => {
    openAnonymous();
    const group = await screen.findByRole('radiogroup', {
      name: /Connections without credentials/,
    });
    expect(within(group).getByRole('radio', { name: 'Deny' })).toBeChecked();
    expect(
      within(group).getByText(
        'No decision here; Herald has no other authenticator, so the connection is refused.',
      ),
    ).toBeVisible();
    expect(screen.getByText('CLIENT')).toBeVisible();
    expect(screen.getByRole('link', { name: 'default roles' })).toHaveAttribute(
      'href',
      '/service/svc-1/roles/default-roles',
    );
    expect(screen.getByRole('button', { name: 'Save policy' })).toBeDisabled();
  });

  it('saves a new policy after showing what changes', async () => {
    const { api } = openAnonymous();
    await userEvent.click(await screen.findByRole('radio', { name: 'Allow' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Save the anonymous sessions policy?' }),
    );
    expect(reviewLines(dialog)).toEqual(['Allows anonymous connections, with role "CLIENT".']);
    expect(dialog.getByText(/The change applies at once/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText('Anonymous sessions: Allow.')).toBeVisible();
    expect(api.requestsTo(routes.putAnonymousAction).map((request) => request.json)).toEqual([
      { anonymousAction: 'ALLOW' },
    ]);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Allow' })).toBeChecked());
    expect(screen.getByRole('button', { name: 'Save policy' })).toBeDisabled();
  });

  it('gives a User the policy to read and no way to change it', async () => {
    openAnonymous(['User']);
    const deny = await screen.findByRole('radio', { name: 'Deny' });
    expect(deny).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Allow' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save policy' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
