import { describe, expect, it } from 'vitest';
import { nearestExistingBranch, type TreeLevelNodes } from './nearest-branch';

const levels: Record<string, TreeLevelNodes> = {
  '': { nodes: [{ path: 'plant' }, { path: 'sensors' }] },
  plant: { nodes: [{ path: 'plant/line1' }, { path: 'plant/line2' }] },
  'plant/line1': { nodes: [{ path: 'plant/line1/temperature' }] },
};
const levelOf = (parent: string) => levels[parent];

describe('nearestExistingBranch', () => {
  it.each([
    ['plant/line9', 'plant'],
    ['plant/line1/gone/deeper', 'plant/line1'],
    ['plant/line1/temperature/x', 'plant/line1/temperature'],
    ['no/such/thing', ''],
    ['no', ''],
    ['', ''],
  ])('sends %s to %s, the nearest branch the tree lists', (path, expected) => {
    expect(nearestExistingBranch(path, levelOf)).toBe(expected);
  });

  it('trusts no level that is not loaded', () => {
    expect(nearestExistingBranch('sensors/room/gone', levelOf)).toBe('sensors');
    expect(nearestExistingBranch('plant/line2/a/b', () => undefined)).toBe('');
  });
});
