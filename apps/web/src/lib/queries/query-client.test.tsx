import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { GENERAL_MESSAGES } from '@herald/contract/messages';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { createQueryClient } from './query-client';
import type { ToastOptions } from '../ui/toast';

const databaseDown = () =>
  new ApiError({
    status: 503,
    method: 'GET',
    url: '/v3/health',
    serverMessage: 'Database unavailable',
  });

function setup() {
  const notify = vi.fn<(toast: ToastOptions) => void>();
  const client = createQueryClient({ notify });
  return { notify, client };
}

describe('the query client error path', () => {
  it('toasts a failed mutation with the text of toUserError', async () => {
    const { notify, client } = setup();
    const error = new ApiError({
      status: 409,
      method: 'POST',
      url: '/v3/workspace',
      serverMessage: 'Name taken',
    });
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(error) })
      .execute(undefined)
      .catch(() => {});
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith({
      variant: 'danger',
      title: 'Error',
      message: 'Name taken',
    });
  });

  it('toasts a server error with the user text of spec section 8 and logs the technical message', async () => {
    const { notify, client } = setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(databaseDown()) })
      .execute(undefined)
      .catch(() => {});
    expect(notify).toHaveBeenCalledWith({
      variant: 'danger',
      title: 'Error',
      message: GENERAL_MESSAGES.apiCallFailure,
    });
    expect(log).toHaveBeenCalledWith('GET /v3/health failed with status 503: Database unavailable');
    log.mockRestore();
  });

  it('adds the context sentence and friendly messages from the mutation meta', async () => {
    const { notify, client } = setup();
    const error = new ApiError({
      status: 500,
      method: 'POST',
      url: '/x',
      serverMessage: 'Error updating subscription',
    });
    await client
      .getMutationCache()
      .build(client, {
        mutationFn: () => Promise.reject(error),
        meta: {
          context: 'the plan upgrade',
          friendlyMessages: { 'Error updating subscription': 'Check your card.' },
        },
      })
      .execute(undefined)
      .catch(() => {});
    expect(notify).toHaveBeenCalledWith({
      variant: 'danger',
      title: 'Error',
      message: 'An error was encountered in the plan upgrade',
      detail: 'Check your card.',
    });
  });

  it('shows a WARNING: server message as a warning toast', async () => {
    const { notify, client } = setup();
    const error = new ApiError({
      status: 500,
      method: 'POST',
      url: '/x',
      serverMessage: 'WARNING: Try later',
    });
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(error) })
      .execute(undefined)
      .catch(() => {});
    expect(notify).toHaveBeenCalledWith({
      variant: 'warning',
      title: 'Warning',
      message: 'Try later',
    });
  });

  it('does not toast a mutation whose caller handles the error', async () => {
    const { notify, client } = setup();
    function Form() {
      const mutation = useMutation({
        mutationFn: () => Promise.reject(new Error('x')),
        meta: { handlesError: true },
      });
      return (
        <button type="button" onClick={() => mutation.mutate()}>
          {mutation.isError ? 'failed' : 'save'}
        </button>
      );
    }
    render(
      <QueryClientProvider client={client}>
        <Form />
      </QueryClientProvider>,
    );
    screen.getByRole('button').click();
    await screen.findByText('failed');
    expect(notify).not.toHaveBeenCalled();
  });

  it('never toasts a failed query: the view renders it inline', async () => {
    const { notify, client } = setup();
    function View() {
      const query = useQuery({
        queryKey: ['x'],
        queryFn: () => Promise.reject(databaseDown()),
        retry: false,
      });
      return <p>{query.isError ? 'inline error' : 'loading'}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <View />
      </QueryClientProvider>,
    );
    await screen.findByText('inline error');
    expect(notify).not.toHaveBeenCalled();
  });

  it('toasts a failed query that asks for it with meta.toastOnError', async () => {
    const { notify, client } = setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await client
      .fetchQuery({
        queryKey: ['health'],
        queryFn: () => Promise.reject(databaseDown()),
        retry: false,
        meta: { toastOnError: { context: 'the server status check' } },
      })
      .catch(() => {});
    await waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    expect(notify).toHaveBeenCalledWith({
      variant: 'danger',
      title: 'Error',
      message: 'An error was encountered in the server status check',
      detail: GENERAL_MESSAGES.apiCallFailure,
    });
  });

  it('does not retry client errors but retries server errors', () => {
    const { client } = setup();
    const retry = client.getDefaultOptions().queries?.retry as (
      count: number,
      error: unknown,
    ) => boolean;
    expect(
      retry(0, new ApiError({ status: 404, method: 'GET', url: '/x', serverMessage: 'Not found' })),
    ).toBe(false);
    expect(retry(0, databaseDown())).toBe(true);
    expect(retry(2, databaseDown())).toBe(false);
  });
});
