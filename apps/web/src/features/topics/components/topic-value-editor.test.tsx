import { routes } from '@herald/contract/api/routes';
import type { Topic } from '@herald/contract/topics/topic.schema';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle, mockApi } from '../../../testing/api-mock';
import { renderWithProviders } from '../../../testing/render';
import { buildTopic } from '../testing/topic-factories';
import { TopicValueEditor } from './topic-value-editor';

function renderEditor(
  topic: Topic,
  { canEdit = true, reply }: { canEdit?: boolean; reply?: Response } = {},
) {
  const api = mockApi(
    handle(
      routes.putTopic,
      (request) =>
        reply ?? {
          status: 200,
          body: {
            ...topic,
            value: (request.json as { value: unknown }).value,
            updatedAt: '2026-11-24T02:00:00.000Z',
          },
        },
    ),
  );
  vi.stubGlobal('fetch', api.fetch);
  renderWithProviders(<TopicValueEditor serviceId="svc-1" topic={topic} canEdit={canEdit} />);
  return { api, sent: () => api.requestsTo(routes.putTopic) };
}

/** Replaces the field's text at once (typing braces with userEvent needs escapes). */
function typeText(label: string | RegExp, text: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
}

describe('TopicValueEditor', () => {
  it('starts from the current value, pretty-printed for JSON, and sends the parsed JSON', async () => {
    const { sent } = renderEditor(buildTopic());
    expect(screen.getByLabelText('New value')).toHaveValue('{\n  "celsius": 21.5\n}');
    typeText('New value', '{"celsius": 22, "ok": true}');
    await userEvent.click(screen.getByRole('button', { name: 'Set value' }));
    await screen.findByText('Value set.');
    const [request] = sent();
    expect(request?.json).toEqual({ value: { celsius: 22, ok: true } });
    expect(request?.url).toBe('/v3/service/svc-1/topic?path=sensors%2Froom1%2Ftemperature');
  });

  it('shows a JSON syntax error with its line and column as you type, and sends nothing', async () => {
    const { sent } = renderEditor(buildTopic());
    typeText('New value', '{\n  "celsius": 22,\n}');
    expect(
      await screen.findByText(
        'JSON syntax error at line 3, column 1: unexpected character "}": expected a property name in quotes',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Go to line 3, column 1' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Set value' }));
    expect(sent()).toHaveLength(0);
  });

  it.each([
    ['INT64', 7, '4.2', 'An INT64 value is a whole number'],
    [
      'INT64',
      7,
      '9223372036854775808',
      'must lie between -9223372036854775808 and 9223372036854775807',
    ],
    ['DOUBLE', 1.5, 'warm', 'A DOUBLE value is a decimal number'],
    ['BINARY', 'AA==', 'not base64!', 'A BINARY value is base64'],
  ] as const)('refuses a bad %s value before sending: %s', async (type, value, text, message) => {
    const { sent } = renderEditor(buildTopic({ path: 'p', type, value }));
    typeText('New value', text);
    await userEvent.click(screen.getByRole('button', { name: 'Set value' }));
    expect(await screen.findByText(message, { exact: false })).toBeVisible();
    expect(sent()).toHaveLength(0);
  });

  it.each([
    ['INT64', '  -42 ', -42],
    ['INT64', '9223372036854775807', '9223372036854775807'],
    ['DOUBLE', '-1.5e2', -150],
    ['BINARY', 'SGVs bG8=', 'SGVsbG8='],
    ['STRING', ' spaced ', ' spaced '],
  ] as const)('sends a %s value as its wire value', async (type, text, wire) => {
    const { sent } = renderEditor(buildTopic({ path: 'p', type, value: null }));
    typeText('New value', text);
    await userEvent.click(screen.getByRole('button', { name: 'Set value' }));
    await screen.findByText('Value set.');
    expect(sent()[0]?.json).toEqual({ value: wire });
  });

  it('appends an event to a time series, checked against its event value type', async () => {
    const { sent } = renderEditor(
      buildTopic({
        path: 'ts',
        type: 'TIME_SERIES',
        properties: { TIME_SERIES_EVENT_VALUE_TYPE: 'INT64' },
        value: 3,
      }),
    );
    expect(screen.getByLabelText('New event')).toHaveValue('');
    typeText('New event', 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Append event' }));
    expect(await screen.findByText(/An INT64 value is a whole number/)).toBeVisible();
    typeText('New event', '4');
    await userEvent.click(screen.getByRole('button', { name: 'Append event' }));
    await screen.findByText('Event appended.');
    expect(sent().map((request) => request.json)).toEqual([{ value: 4 }]);
  });

  it("shows the server's refusal under the editor", async () => {
    renderEditor(buildTopic({ path: 'p', type: 'STRING', value: 'a' }), {
      reply: apiErrorResponse(400, 'value of a STRING topic must be valid UTF-8'),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Set value' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'value of a STRING topic must be valid UTF-8',
    );
  });

  it('offers no editor to a User, and says why', async () => {
    const { sent } = renderEditor(buildTopic(), { canEdit: false });
    expect(
      screen.getByText('Only an Admin or Owner of the workspace can change topics.'),
    ).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set value' })).not.toBeInTheDocument();
    await waitFor(() => expect(sent()).toHaveLength(0));
  });

  describe('a newer value arriving while the editor is open (issue 25 item 17)', () => {
    const topic = buildTopic({ type: 'INT64', properties: {}, value: 5 });
    function renderLive(current: unknown) {
      const api = mockApi(
        handle(routes.putTopic, (request) => ({
          status: 200,
          body: { ...topic, value: (request.json as { value: unknown }).value },
        })),
      );
      vi.stubGlobal('fetch', api.fetch);
      const view = renderWithProviders(
        <TopicValueEditor serviceId="svc-1" topic={topic} current={current} canEdit />,
      );
      const rerender = (next: unknown) =>
        view.rerender(<TopicValueEditor serviceId="svc-1" topic={topic} current={next} canEdit />);
      return { rerender, sent: () => api.requestsTo(routes.putTopic) };
    }

    it('follows it while untouched, so Set value never writes back the value it opened with', async () => {
      const { rerender, sent } = renderLive(5);
      expect(screen.getByLabelText('New value')).toHaveValue('5');
      rerender(7);
      expect(screen.getByLabelText('New value')).toHaveValue('7');
      await userEvent.click(screen.getByRole('button', { name: 'Set value' }));
      await screen.findByText('Value set.');
      expect(sent().map((request) => request.json)).toEqual([{ value: 7 }]);
    });

    it('keeps an edit, shows the newer value and sends nothing until the person chooses', async () => {
      const { rerender, sent } = renderLive(5);
      typeText('New value', '9');
      rerender(7);
      const conflict = await screen.findByTestId('value-conflict');
      expect(conflict).toHaveTextContent('The value changed while you were editing');
      expect(conflict).toHaveTextContent('7');
      expect(screen.getByLabelText('New value')).toHaveValue('9');
      await userEvent.click(screen.getByRole('button', { name: 'Set value' }));
      expect(sent()).toHaveLength(0);

      await userEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
      expect(screen.queryByTestId('value-conflict')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Set value' }));
      await screen.findByText('Value set.');
      expect(sent().map((request) => request.json)).toEqual([{ value: 9 }]);
    });

    it('takes the newer value when asked', async () => {
      const { rerender } = renderLive(5);
      typeText('New value', '9');
      rerender(7);
      await userEvent.click(await screen.findByRole('button', { name: 'Use the newer value' }));
      expect(screen.getByLabelText('New value')).toHaveValue('7');
      expect(screen.queryByTestId('value-conflict')).toBeNull();
    });
  });
});
