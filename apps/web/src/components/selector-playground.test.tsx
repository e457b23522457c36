import { parseTopicSelector } from '@herald/contract/topics/topic-selector';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import {
  matchCountText,
  SelectorPlayground,
  type SelectorMatchesPage,
} from './selector-playground';

function setup(options: { onSelect?: (path: string) => void; pages?: SelectorMatchesPage[] } = {}) {
  const pages = options.pages ?? [{ paths: ['sensors/a', 'sensors/b'], hasMore: false }];
  const count = vi.fn(async (_selector: string) => 1234);
  const list = vi.fn(async (_selector: string, after: string | undefined) => {
    const index =
      after === undefined ? 0 : pages.findIndex((page) => page.paths.at(-1) === after) + 1;
    return pages[index] ?? { paths: [], hasMore: false };
  });
  renderWithProviders(
    <SelectorPlayground
      queryKey={['test-playground']}
      count={count}
      list={list}
      {...(options.onSelect && { onSelect: options.onSelect })}
    />,
  );
  return { count, list, input: screen.getByRole('textbox', { name: /topic selector/i }) };
}

/** Enters a whole selector in one change, as a paste: how fast a test types must not decide what it sees. */
function paste(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
}

describe('SelectorPlayground', () => {
  it('shows why a selector does not parse and asks the service nothing', async () => {
    const { count, list, input } = setup();
    paste(input, '?sensors/[a');
    expect(await screen.findByText(/Invalid regular expression "\[a"/)).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(count).not.toHaveBeenCalled();
    expect(list).not.toHaveBeenCalled();
  });

  it('counts and lists the matches of the selector once typing pauses', async () => {
    const { count, list, input } = setup();
    // Three edits in a row with no pause between them (typing speed must not decide what this test sees).
    for (const text of ['>sen', '>sensors/', '>sensors//']) {
      fireEvent.change(input, { target: { value: text } });
    }
    expect(await screen.findByTestId('selector-match-count')).toHaveTextContent(
      '1,234 topics match',
    );
    const matches = screen.getByRole('list', { name: 'Matching topics' });
    expect(matches).toHaveTextContent('sensors/a');
    expect(matches).toHaveTextContent('sensors/b');
    // Debounced: the half-typed selectors in between were never sent.
    expect(count.mock.calls.map(([selector]) => selector)).toEqual(['>sensors//']);
    expect(list.mock.calls.map(([selector, after]) => [selector, after])).toEqual([
      ['>sensors//', undefined],
    ]);
  });

  it('loads more matches after the last one shown', async () => {
    const { list, input } = setup({
      pages: [
        { paths: ['a/1', 'a/2'], hasMore: true },
        { paths: ['a/3'], hasMore: false },
      ],
    });
    paste(input, 'a/');
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('a/3')).toBeVisible();
    expect(list).toHaveBeenLastCalledWith('a/', 'a/2', expect.any(AbortSignal));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('opens a match when the caller wants matches to be chosen', async () => {
    const onSelect = vi.fn();
    const { input } = setup({ onSelect });
    paste(input, '*sensors.*');
    await userEvent.click(await screen.findByRole('button', { name: 'sensors/b' }));
    expect(onSelect).toHaveBeenCalledWith('sensors/b');
  });

  it('explains the syntax with examples that can be tried, each of which parses', async () => {
    const { count, input } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Selector syntax' }));
    const examples = screen.getAllByRole('button', { name: /^Try the selector / });
    expect(examples.length).toBeGreaterThanOrEqual(6);
    for (const example of examples) {
      const selector = example.textContent ?? '';
      expect(parseTopicSelector(selector), selector).toMatchObject({ ok: true });
    }
    await userEvent.click(screen.getByRole('button', { name: 'Try the selector >sensors//' }));
    expect(input).toHaveValue('>sensors//');
    await waitFor(() => expect(count).toHaveBeenCalledWith('>sensors//', expect.any(AbortSignal)));
  });

  it('says how many match in words', () => {
    expect(matchCountText(0)).toBe('No topic matches');
    expect(matchCountText(1)).toBe('1 topic matches');
    expect(matchCountText(100000)).toBe('100,000 topics match');
  });
});
