import { routes } from '@herald/contract/api/routes';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { renderServicePage } from '../../../testing/render-service-page';
import { buildAuthenticationStore, securityHandlers } from '../testing/authentication-factories';

afterEach(() => vi.unstubAllGlobals());

function openTrusted(options: { roles?: ('Owner' | 'User')[]; refuse?: string } = {}) {
  const state = {
    authentication: buildAuthenticationStore({
      trustedProperties: { Department: { type: 'values', values: ['north', 'south'] } },
    }),
  };
  return renderServicePage('/service/svc-1/authentication/trusted-properties', {
    roles: options.roles ?? ['Owner'],
    handlers: [
      handle(routes.putTrustedProperties, () =>
        options.refuse === undefined
          ? { status: 200, body: { disconnected: 0 } }
          : apiErrorResponse(400, options.refuse, {
              issues: [{ path: 'body.trustedProperties.Region.regex', message: options.refuse }],
            }),
      ),
      ...securityHandlers(state),
    ],
  });
}

describe('Auth → Trusted properties', () => {
  it('lists each property with its rule and shows how a client proposes one', async () => {
    openTrusted();
    const table = within(await screen.findByRole('table', { name: 'Trusted properties' }));
    expect(table.getByRole('row', { name: /Department/ })).toHaveTextContent(
      'one of "north", "south"',
    );
    expect(screen.getByTestId('snippet-trusted-properties')).toHaveTextContent(
      "mosquitto_sub -h localhost -p 21883 -u '<PRINCIPAL>?Department=<VALUE>' -P '<PASSWORD>' -t 'sensors/#' -v",
    );
  });

  it('adds a regex rule after showing the whole change, sending the whole set', async () => {
    const { api } = openTrusted();
    await userEvent.click(await screen.findByRole('button', { name: 'Trust a property' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Trust a property' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Review' }));
    expect(
      dialog.getByText('A property name is a letter, then up to 63 letters, digits, "_" or "-"'),
    ).toBeVisible();
    expect(
      dialog.getByText('Give at least one value (up to 100, each up to 256 characters)'),
    ).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: /Property name/ }), 'Region');
    await userEvent.click(dialog.getByText('Matched by a regex'));
    fireEvent.change(dialog.getByRole('textbox', { name: /Regular expression/ }), {
      target: { value: 'eu-[a-z]+' },
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Review' }));
    const review = within(
      await screen.findByRole('dialog', { name: 'Save the trusted properties?' }),
    );
    expect(review.getByTestId('change-review')).toHaveTextContent(
      'Trusts property "Region" with values matching the whole pattern "eu-[a-z]+".',
    );
    await userEvent.click(review.getByRole('button', { name: 'Save trusted properties' }));
    expect(await screen.findByText('Trusted properties saved.')).toBeVisible();
    expect(api.requestsTo(routes.putTrustedProperties).map((request) => request.json)).toEqual([
      {
        trustedProperties: {
          Department: { type: 'values', values: ['north', 'south'] },
          Region: { type: 'regex', regex: 'eu-[a-z]+' },
        },
      },
    ]);
  });

  it('edits the allowed values of a property, keeping its name', async () => {
    const { api } = openTrusted();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Department' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit "Department"' }));
    expect(dialog.getByRole('textbox', { name: /Property name/ })).toHaveAttribute('readonly');
    await userEvent.type(dialog.getByRole('combobox', { name: /Allowed values/ }), 'east{Enter}');
    await userEvent.click(dialog.getByRole('button', { name: 'Review' }));
    const review = within(
      await screen.findByRole('dialog', { name: 'Save the trusted properties?' }),
    );
    expect(review.getByTestId('change-review')).toHaveTextContent(
      'Property "Department": also accepts "east".',
    );
    await userEvent.click(review.getByRole('button', { name: 'Save trusted properties' }));
    expect(await screen.findByText('Trusted properties saved.')).toBeVisible();
    expect(api.requestsTo(routes.putTrustedProperties).map((request) => request.json)).toEqual([
      { trustedProperties: { Department: { type: 'values', values: ['north', 'south', 'east'] } } },
    ]);
  });

  it('removes a property after confirmation, and shows the service refusing a rule', async () => {
    const { api } = openTrusted({ refuse: 'Region: the regex cannot be compiled' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Department' }));
    const review = within(
      await screen.findByRole('dialog', { name: 'Save the trusted properties?' }),
    );
    expect(review.getByTestId('change-review')).toHaveTextContent(
      'Stops trusting property "Department": clients\' proposals of it are dropped.',
    );
    await userEvent.click(review.getByRole('button', { name: 'Save trusted properties' }));
    expect(await review.findByText('Region: the regex cannot be compiled')).toBeVisible();
    expect(api.requestsTo(routes.putTrustedProperties).map((request) => request.json)).toEqual([
      { trustedProperties: {} },
    ]);
  });

  it('gives a User no write controls', async () => {
    openTrusted({ roles: ['User'] });
    expect(await screen.findByRole('button', { name: 'Trust a property' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveAttribute('aria-disabled', 'true');
  });
});
