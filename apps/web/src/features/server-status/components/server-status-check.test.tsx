import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createQueryClient } from '../../../lib/queries/query-client';
import type { ToastOptions } from '../../../lib/ui/toast';
import { jsonResponse, mockFetch } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { ServerStatusCheck } from './server-status-check';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCheck(response: () => Response) {
  const { fetch, requests } = mockFetch(response);
  vi.stubGlobal('fetch', fetch);
  const notify = vi.fn<(toast: ToastOptions) => void>();
  renderWithProviders(<ServerStatusCheck />, createQueryClient({ notify }));
  return { notify, requests };
}

describe('the server status check on app start', () => {
  it('calls GET /v3/health once and stays silent when the server is healthy', async () => {
    const { notify, requests } = renderCheck(() =>
      jsonResponse(200, { status: 'ok', database: 'ok' }),
    );
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ url: '/v3/health', method: 'GET' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows a danger toast naming the check, with the friendly text, when the database is down', async () => {
    const { notify, requests } = renderCheck(() =>
      jsonResponse(503, {
        code: 'SERVICE_UNAVAILABLE',
        message: 'Database unavailable',
        requestId: 'r1',
      }),
    );
    await waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    expect(notify).toHaveBeenCalledWith({
      variant: 'danger',
      title: 'Error',
      message: 'An error was encountered in the server status check',
      detail: 'The server cannot reach its database.',
    });
    expect(requests).toHaveLength(1); // retry: false
  });
});
