/**
 * The "New value" editor and values that arrive while a person edits (issue 25 item 17). The editor remembers the
 * value its text started from (`base`). When a newer value arrives (`current`):
 *
 * - an untouched text follows it, so "Set value" never writes back the stale value it was opened with;
 * - an edited text is kept, and the newer value is a conflict the person must settle (use it, or keep theirs)
 *   before their value is sent, so a newer value is never rolled back without their knowing.
 *
 * Texts are compared as the editor shows them (formatValueForInput), so the same value formatted the same way is
 * no change. Pure.
 */
export interface ValueEdit {
  text: string;
  base: string;
}

export type EditReconciliation =
  { kind: 'unchanged' } | { kind: 'follow'; edit: ValueEdit } | { kind: 'conflict'; newer: string };

export function reconcileValueEdit(edit: ValueEdit, current: string): EditReconciliation {
  if (current === edit.base) return { kind: 'unchanged' };
  // Untouched, or already typed to what arrived: nothing of the person's is lost by taking the newer value.
  if (edit.text === edit.base || edit.text === current) {
    return { kind: 'follow', edit: { text: current, base: current } };
  }
  return { kind: 'conflict', newer: current };
}

/** "Use the newer value": the text becomes the newer value. */
export function takeNewerValue(current: string): ValueEdit {
  return { text: current, base: current };
}

/** "Keep mine": the person has seen the newer value and chose their text; it may be sent. */
export function keepEditedValue(edit: ValueEdit, current: string): ValueEdit {
  return { text: edit.text, base: current };
}
