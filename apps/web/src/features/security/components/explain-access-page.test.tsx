import { routes } from '@herald/contract/api/routes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { renderServicePage } from '../../../testing/render-service-page';
import {
  buildAuthenticationStore,
  buildExplanation,
  securityHandlers,
} from '../testing/authentication-factories';

afterEach(() => vi.unstubAllGlobals());

const filterAnswer = buildExplanation({
  subject: {
    kind: 'principal',
    label: 'principal "sensor-7"',
    canConnect: { allowed: true, reason: 'principal "sensor-7" exists' },
    assignedRoles: ['SENSORS'],
    roleOrigins: { SENSORS: 'assigned to principal "sensor-7"' },
  },
  roles: [
    { name: 'SENSORS', via: [], exists: true },
    { name: 'CLIENT', via: ['SENSORS'], exists: true },
    { name: 'GONE', via: [], exists: false },
  ],
  globalPermissions: [{ permission: 'VIEW_SECURITY', grantedBy: ['SENSORS'] }],
  target: { text: 'private/#', kind: 'mqttFilter', prefix: 'private' },
  prefixPermissions: {
    path: 'private',
    permissions: [],
    sources: [
      {
        role: 'SENSORS',
        via: [],
        source: 'default',
        assignedPath: null,
        isolatedBy: 'private',
        permissions: [],
      },
      {
        role: 'CLIENT',
        via: ['SENSORS'],
        source: 'ancestor',
        assignedPath: 'pr',
        isolatedBy: null,
        permissions: ['READ_TOPIC'],
      },
    ],
  },
  mqtt: {
    canSubscribe: { allowed: false, reason: 'no SELECT_TOPIC on "private"' },
    receivesValues: { allowed: false, reason: 'no READ_TOPIC on any matching topic' },
    canPublish: null,
    canCreate: null,
  },
  matchingTopics: [
    { path: 'private/a', receives: { allowed: false, reason: 'no READ_TOPIC on "private/a"' } },
    { path: 'private/b', receives: { allowed: true, reason: 'READ_TOPIC on "private/b"' } },
  ],
  matchingTopicCount: 75,
});

function openExplainer(path: string, respond = () => filterAnswer) {
  return renderServicePage(path, {
    handlers: [
      handle(routes.explainAccess, (request) => {
        if (request.searchParams.get('target') === 'a//b') {
          return apiErrorResponse(400, 'Invalid query', {
            issues: [{ path: 'query.target', message: 'Topic path "a//b" has an empty part' }],
          });
        }
        return { status: 200, body: respond() };
      }),
      ...securityHandlers({
        authentication: buildAuthenticationStore({
          principals: [{ name: 'sensor-7', roles: ['SENSORS'], lockingPrincipal: null }],
        }),
      }),
    ],
  });
}

describe('Roles → Explain access', () => {
  it('asks the service for the linked subject and target and shows every part of its answer', async () => {
    const { api } = openExplainer(
      '/service/svc-1/roles/explain?subject=principal%3Asensor-7&target=private%2F%23',
    );
    const result = within(await screen.findByTestId('explanation'));
    expect(api.requestsTo(routes.explainAccess).map((request) => request.url)).toEqual([
      '/v3/service/svc-1/security/explain?subject=principal%3Asensor-7&target=private%2F%23',
    ]);
    // The four MQTT outcomes (and connecting), each a word and the reason, not only a colour.
    expect(result.getByTestId('decision-Can connect')).toHaveTextContent(
      'Can connect: Allowedprincipal "sensor-7" exists',
    );
    expect(result.getByTestId('decision-Can subscribe')).toHaveTextContent(
      'Can subscribe: Refusedno SELECT_TOPIC on "private"',
    );
    expect(result.getByTestId('decision-Receives values')).toHaveTextContent(
      'Receives values: Refusedno READ_TOPIC on any matching topic',
    );
    expect(result.getByTestId('decision-Can publish')).toHaveTextContent(
      'Can publish: Not applicable',
    );
    expect(result.getByTestId('decision-Can create')).toHaveTextContent(
      'Can create: Not applicable',
    );
    expect(
      result.getByText(/decided on the MQTT filter's literal prefix, "private"/),
    ).toBeVisible();
    // Roles, with where each comes from and the inclusion chain.
    const roles = within(result.getByRole('region', { name: 'Roles held' }));
    expect(roles.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'SENSORS — assigned to principal "sensor-7"',
      'CLIENT — included by SENSORS (SENSORS → CLIENT; SENSORS is assigned to principal "sensor-7")',
      'GONE — assigned (no such role: it grants nothing)',
    ]);
    // Global permissions with the roles granting them.
    expect(result.getByRole('region', { name: 'Global permissions' })).toHaveTextContent(
      'View security — granted by SENSORS',
    );
    // The resolution per role on the prefix.
    const sources = within(result.getByRole('table', { name: 'Path permissions by role' }));
    expect(sources.getByRole('row', { name: /^SENSORS/ })).toHaveTextContent(
      'its default path permissions: inheritance stopped by isolated path "private"',
    );
    expect(sources.getByRole('row', { name: /^CLIENT/ })).toHaveTextContent(
      'inherited from ancestor "pr"',
    );
    expect(sources.getByRole('row', { name: /^CLIENT/ })).toHaveTextContent(
      '(included by SENSORS)',
    );
    // Matching topics with receive yes/no.
    expect(result.getByText('The first 2 of 75 matching topics.')).toBeVisible();
    const topics = within(result.getByRole('table', { name: 'Matching topics' }));
    expect(topics.getByRole('row', { name: /private\/a/ })).toHaveTextContent('No');
    expect(topics.getByRole('row', { name: /private\/b/ })).toHaveTextContent('Yes');
  });

  it('shows a topic path answer with publish and create, and no matching topics', async () => {
    openExplainer('/service/svc-1/roles/explain?subject=anonymous&target=sensors%2Ftemp', () =>
      buildExplanation(),
    );
    const result = within(await screen.findByTestId('explanation'));
    expect(result.getByTestId('decision-Can publish')).toHaveTextContent(
      'Can publish: Refusedno UPDATE_TOPIC on "sensors/temp"',
    );
    expect(result.getByRole('row', { name: /^SENSORS/ })).toHaveTextContent(
      'inherited from ancestor "sensors"',
    );
    expect(result.queryByRole('region', { name: 'Matching topics' })).not.toBeInTheDocument();
  });

  it('offers every principal and each other kind of session, and keeps both choices in the address', async () => {
    const { router, api } = openExplainer('/service/svc-1/roles/explain');
    expect(await screen.findByText('Pick who the session is.')).toBeVisible();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Who' }));
    for (const name of [
      'sensor-7',
      'Anonymous session',
      'Service API token (read)',
      'Service API token (write)',
      'Dashboard member: User',
      'Dashboard member: Admin/Owner',
    ]) {
      expect(await screen.findByRole('option', { name })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('option', { name: 'Service API token (write)' }));
    expect(await screen.findByText('Type a topic path, filter or selector.')).toBeVisible();
    fireEvent.change(screen.getByRole('textbox', { name: 'Where' }), { target: { value: '#' } });
    await screen.findByTestId('explanation');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?subject=serviceToken%3Awrite&target=%23'),
    );
    expect(api.requestsTo(routes.explainAccess).map((request) => request.url)).toEqual([
      '/v3/service/svc-1/security/explain?subject=serviceToken%3Awrite&target=%23',
    ]);
  });

  it("shows a linked Owner's session as the Admin/Owner choice (both act as ADMINISTRATOR)", async () => {
    openExplainer('/service/svc-1/roles/explain?subject=member%3AOwner');
    expect(await screen.findByRole('combobox', { name: 'Who' })).toHaveValue(
      'Dashboard member: Admin/Owner',
    );
  });

  it('asks once per pause in typing, not per keystroke', async () => {
    const { api } = openExplainer('/service/svc-1/roles/explain?subject=anonymous');
    // No delay between keystrokes (a person typing steadily): on a loaded machine user-event's own pause between
    // keys can outlast the debounce, which would make the count depend on the machine's speed.
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: 'Where' }), 'sensors/temp');
    await screen.findByTestId('explanation');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.requestsTo(routes.explainAccess).map((request) => request.url)).toEqual([
      '/v3/service/svc-1/security/explain?subject=anonymous&target=sensors%2Ftemp',
    ]);
  });

  it('shows what is wrong with the target under the field', async () => {
    openExplainer('/service/svc-1/roles/explain?subject=anonymous&target=a%2F%2Fb');
    expect(await screen.findByText('Topic path "a//b" has an empty part')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Where' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('explanation')).not.toBeInTheDocument();
  });
});
