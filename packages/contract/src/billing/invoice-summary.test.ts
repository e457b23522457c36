import { describe, expect, it } from 'vitest';
import { summaryPage } from './invoice-summary';

const rows = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `in_${index + 1}` }));

describe('summaryPage', () => {
  it.each([
    ['no invoices', 0, 3, [], false, null],
    ['fewer than a page', 2, 3, ['in_1', 'in_2'], false, null],
    ['exactly a page (no extra row read)', 3, 3, ['in_1', 'in_2', 'in_3'], false, null],
    [
      'more than a page: the cursor is the last id shown',
      4,
      3,
      ['in_1', 'in_2', 'in_3'],
      true,
      'in_3',
    ],
  ])('%s', (_label, count, pageSize, ids, hasMore, startAfter) => {
    const page = summaryPage(rows(count), pageSize);
    expect(page.items.map((row) => row.id)).toEqual(ids);
    expect(page.hasMore).toBe(hasMore);
    expect(page.startAfter).toBe(startAfter);
  });
});
