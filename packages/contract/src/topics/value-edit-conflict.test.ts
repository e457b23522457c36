import { describe, expect, it } from 'vitest';
import { keepEditedValue, reconcileValueEdit, takeNewerValue } from './value-edit-conflict';

describe('a value arriving while the New value editor is open', () => {
  it.each([
    ['nothing new arrived, untouched', { text: '5', base: '5' }, '5', { kind: 'unchanged' }],
    ['nothing new arrived, edited', { text: '9', base: '5' }, '5', { kind: 'unchanged' }],
    [
      'a newer value, untouched: follow it',
      { text: '5', base: '5' },
      '7',
      { kind: 'follow', edit: { text: '7', base: '7' } },
    ],
    [
      'a newer value equal to what was typed: follow it',
      { text: '7', base: '5' },
      '7',
      { kind: 'follow', edit: { text: '7', base: '7' } },
    ],
    [
      'a newer value, edited: a conflict',
      { text: '9', base: '5' },
      '7',
      { kind: 'conflict', newer: '7' },
    ],
    [
      'an edit cleared to empty is still an edit',
      { text: '', base: '5' },
      '7',
      { kind: 'conflict', newer: '7' },
    ],
  ])('%s', (_, edit, current, expected) => {
    expect(reconcileValueEdit(edit, current)).toEqual(expected);
  });

  it('settles a conflict either way, after which the same newer value is no longer one', () => {
    const edit = { text: '9', base: '5' };
    expect(reconcileValueEdit(takeNewerValue('7'), '7')).toEqual({ kind: 'unchanged' });
    const kept = keepEditedValue(edit, '7');
    expect(kept).toEqual({ text: '9', base: '7' });
    expect(reconcileValueEdit(kept, '7')).toEqual({ kind: 'unchanged' });
    // A still newer value is a conflict again.
    expect(reconcileValueEdit(kept, '8')).toEqual({ kind: 'conflict', newer: '8' });
  });
});
