import { describe, expect, it } from 'vitest';
import { newSortableId } from './sortable-id';

describe('newSortableId', () => {
  it('is UUID-shaped', () => {
    expect(newSortableId()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it('sorts in creation order within one millisecond and across milliseconds', () => {
    const ids = [
      newSortableId(1_700_000_000_000),
      newSortableId(1_700_000_000_000),
      newSortableId(1_700_000_000_000),
      newSortableId(1_700_000_000_001),
      newSortableId(1_700_000_000_001),
    ];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps its order when the clock steps back', () => {
    const later = newSortableId(1_800_000_000_000);
    const afterStepBack = newSortableId(1_799_999_999_000);
    expect(afterStepBack > later).toBe(true);
  });
});
