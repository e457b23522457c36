import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@herald/contract/constants';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { showToast } from './toast';

afterEach(() => {
  act(() => notifications.clean());
});

describe('showToast', () => {
  it.each([
    { variant: 'danger', color: 'red', title: 'Error' },
    { variant: 'success', color: 'green', title: undefined },
    { variant: 'warning', color: 'yellow', title: undefined },
    { variant: 'info', color: 'blue', title: undefined },
  ] as const)('shows a $variant toast in $color for 8000 ms', ({ variant, color, title }) => {
    const show = vi.spyOn(notifications, 'show');
    showToast({ variant, message: 'Something happened' });
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        color,
        title,
        message: 'Something happened',
        autoClose: TOAST_DURATION_MS,
      }),
    );
    expect(TOAST_DURATION_MS).toBe(8000);
  });

  it("always titles a danger toast 'Error'", () => {
    const show = vi.spyOn(notifications, 'show');
    showToast({ variant: 'danger', title: 'Oops', message: 'x' });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Error' }));
  });

  it('keeps the title of other variants', () => {
    const show = vi.spyOn(notifications, 'show');
    showToast({ variant: 'success', title: 'Saved', message: 'API added successfully!' });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Saved' }));
  });

  it('renders the title, message and detail lines on screen', async () => {
    renderWithProviders(<div />);
    act(() => {
      showToast({
        variant: 'danger',
        message: 'An error was encountered in the server status check',
        detail: 'Database unavailable',
      });
    });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('An error was encountered in the server status check');
    expect(toast).toHaveTextContent('Database unavailable');
  });
});
