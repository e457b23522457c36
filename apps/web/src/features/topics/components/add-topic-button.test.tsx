import { routes } from '@herald/contract/api/routes';
import type { PutTopicRequest } from '@herald/contract/topics/topic.schema';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle, mockApi } from '../../../testing/api-mock';
import { renderWithProviders } from '../../../testing/render';
import { buildTopic } from '../testing/topic-factories';
import { AddTopicButton } from './add-topic-button';

function renderButton({ canEdit = true, reply }: { canEdit?: boolean; reply?: Response } = {}) {
  const api = mockApi(
    handle(routes.putTopic, (request) => {
      if (reply) return reply;
      const body = request.json as PutTopicRequest;
      return {
        status: 200,
        body: buildTopic({
          path: request.searchParams.get('path') ?? '',
          type: body.type ?? 'JSON',
          properties: body.properties ?? {},
          value: body.value ?? null,
        }),
      };
    }),
  );
  vi.stubGlobal('fetch', api.fetch);
  const onCreated = vi.fn();
  renderWithProviders(
    <AddTopicButton
      serviceId="svc-1"
      parentPath="sensors/room1"
      canEdit={canEdit}
      onCreated={onCreated}
    />,
  );
  return { onCreated, sent: () => api.requestsTo(routes.putTopic) };
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Add topic' }));
  return within(await screen.findByRole('dialog', { name: 'Add a topic' }));
}

const set = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('AddTopicButton', () => {
  it('prefills the path with the selected branch and creates a JSON topic with its first value', async () => {
    const { onCreated, sent } = renderButton();
    const dialog = await openDialog();
    const path = dialog.getByRole('textbox', { name: 'Path' });
    expect(path).toHaveValue('sensors/room1/');
    await userEvent.type(path, 'humidity');
    set(dialog.getByLabelText('Initial value (optional)'), '{"percent": 40}');
    await userEvent.click(dialog.getByRole('button', { name: 'Add topic' }));
    expect(await screen.findByText('Topic sensors/room1/humidity added.')).toBeVisible();
    const [request] = sent();
    expect(request?.url).toBe('/v3/service/svc-1/topic?path=sensors%2Froom1%2Fhumidity');
    expect(request?.json).toEqual({ type: 'JSON', properties: {}, value: { percent: 40 } });
    expect(onCreated).toHaveBeenCalledWith('sensors/room1/humidity');
  });

  it('creates a time series with its event value type and retained range', async () => {
    const { sent } = renderButton();
    const dialog = await openDialog();
    set(dialog.getByRole('textbox', { name: 'Path' }), 'meters/power');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Type' }), 'TIME_SERIES');
    await userEvent.selectOptions(
      dialog.getByRole('combobox', { name: /Event value type/ }),
      'DOUBLE',
    );
    const range = dialog.getByRole('textbox', { name: /Retained range/ });
    set(range, 'limit ten');
    await userEvent.click(dialog.getByRole('button', { name: 'Add topic' }));
    expect(await dialog.findByText(/TIME_SERIES_RETAINED_RANGE/)).toBeVisible();
    expect(sent()).toHaveLength(0);
    set(range, 'limit 10');
    set(dialog.getByLabelText('First event (optional)'), 'hot');
    await userEvent.click(dialog.getByRole('button', { name: 'Add topic' }));
    expect(await dialog.findByText(/A DOUBLE value is a decimal number/)).toBeVisible();
    expect(sent()).toHaveLength(0);
    set(dialog.getByLabelText('First event (optional)'), '3.5');
    await userEvent.click(dialog.getByRole('button', { name: 'Add topic' }));
    await screen.findByText('Topic meters/power added.');
    expect(sent()[0]?.json).toEqual({
      type: 'TIME_SERIES',
      properties: {
        TIME_SERIES_EVENT_VALUE_TYPE: 'DOUBLE',
        TIME_SERIES_RETAINED_RANGE: 'limit 10',
      },
      value: 3.5,
    });
  });

  it('shows each property with its description, and refuses a bad one before sending', async () => {
    const { sent } = renderButton();
    const dialog = await openDialog();
    set(dialog.getByRole('textbox', { name: 'Path' }), 'a/b');
    await userEvent.click(dialog.getByRole('button', { name: 'Properties' }));
    const owner = dialog.getByRole('textbox', { name: 'OWNER' });
    expect(owner).toHaveAccessibleDescription(/may read and write this topic whatever its roles/);
    expect(dialog.queryByRole('textbox', { name: /Retained range/ })).not.toBeInTheDocument();
    set(owner, 'alice');
    await userEvent.click(dialog.getByRole('button', { name: 'Add topic' }));
    expect(await dialog.findByText(/OWNER must be written \$Principal is "name"/)).toBeVisible();
    expect(sent()).toHaveLength(0);
  });

  it('refuses a bad path before sending', async () => {
    const { sent } = renderButton();
    const dialog = await openDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Add topic' }));
    expect(
      await dialog.findByText('Topic path "sensors/room1/" must not end with /'),
    ).toBeVisible();
    expect(sent()).toHaveLength(0);
  });

  it("shows the server's refusal in the form", async () => {
    renderButton({
      reply: apiErrorResponse(409, 'The service has reached its topic capacity (100 topics)'),
    });
    const dialog = await openDialog();
    set(dialog.getByRole('textbox', { name: 'Path' }), 'a');
    await userEvent.click(dialog.getByRole('button', { name: 'Add topic' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The service has reached its topic capacity (100 topics)',
    );
  });

  it('is disabled for a User, with the reason', async () => {
    renderButton({ canEdit: false });
    const button = screen.getByRole('button', { name: 'Add topic' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(
      'Only an Admin or Owner of the workspace can change topics.',
    );
    await userEvent.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
