import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GENERAL_MESSAGES } from '@herald/contract/messages';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api/api-error';
import { InlineLoader, LoadFailed } from './query-states';

describe('InlineLoader', () => {
  it('announces what is loading', () => {
    render(<InlineLoader label="Loading members" />, { wrapper: MantineProvider });
    expect(screen.getByRole('status')).toHaveTextContent('Loading members');
  });
});

describe('LoadFailed', () => {
  it("shows the server's message and retries", async () => {
    const onRetry = vi.fn();
    const error = new ApiError({
      status: 403,
      method: 'GET',
      url: '/v3/workspace/ws-1/members',
      serverMessage: 'Not in this workspace',
    });
    render(<LoadFailed title="Members could not be loaded" error={error} onRetry={onRetry} />, {
      wrapper: MantineProvider,
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Members could not be loaded');
    expect(alert).toHaveTextContent('Not in this workspace');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the user text of spec section 8 for a server error, the technical message only under Details', () => {
    const error = new ApiError({
      status: 500,
      method: 'GET',
      url: '/v3/workspace/ws-1/services',
      serverMessage: 'An internal error occurred. Please try again later.',
    });
    render(<LoadFailed title="Services could not be loaded" error={error} onRetry={() => {}} />, {
      wrapper: MantineProvider,
    });
    const alert = screen.getByRole('alert');
    const headline = screen.getByText(GENERAL_MESSAGES.apiCallFailure);
    expect(alert).toContainElement(headline);
    expect(headline).not.toHaveTextContent('failed with status');
    const details = screen.getByText('Details').closest('details');
    expect(details).not.toHaveAttribute('open');
    expect(details).toHaveTextContent('GET /v3/workspace/ws-1/services failed with status 500');
  });

  it('asks to try again when there is no error to name', () => {
    render(<LoadFailed title="The organisation could not be loaded" onRetry={() => {}} />, {
      wrapper: MantineProvider,
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Please try again.');
  });
});
