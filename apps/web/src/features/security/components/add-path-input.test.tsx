import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { AddPathInput } from './add-path-input';

function renderInput(existing: string[] = ['plant']) {
  const onAdd = vi.fn();
  renderWithProviders(
    <AddPathInput
      label="Isolate a path"
      placeholder="e.g. private"
      buttonLabel="Add"
      existing={existing}
      alreadyThere="is already isolated"
      onAdd={onAdd}
    />,
  );
  return { onAdd, input: screen.getByRole('textbox', { name: 'Isolate a path' }) };
}

describe('AddPathInput', () => {
  it('adds a trimmed path on Enter and empties the input', async () => {
    const { onAdd, input } = renderInput();
    await userEvent.type(input, '  plant/secret {Enter}');
    expect(onAdd).toHaveBeenCalledWith('plant/secret');
    expect(input).toHaveValue('');
  });

  it('refuses a path already listed, naming it, and adds nothing', async () => {
    const { onAdd, input } = renderInput();
    await userEvent.type(input, 'plant');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(input).toHaveAccessibleDescription('plant is already isolated');
    expect(input).toHaveValue('plant');
  });

  it("refuses what the contract's path rule refuses, and clears the error on typing", async () => {
    const { onAdd, input } = renderInput();
    await userEvent.type(input, 'a/#{Enter}');
    expect(onAdd).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(input, 'b');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
  });
});
