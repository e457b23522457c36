import type { CSSProperties } from 'react';

/**
 * Props that make a Mantine text input read-only and look it (issue 25: the profile's e-mail looked editable). A
 * bordered white field invites typing whatever its readOnly says, so a read-only one is drawn filled (grey, no
 * border), with the arrow cursor. It stays focusable: screen readers announce it "read only".
 */
export function readOnlyInputProps(isReadOnly: boolean): {
  readOnly: boolean;
  variant: 'filled' | 'default';
  styles?: { input: CSSProperties };
} {
  return isReadOnly
    ? { readOnly: true, variant: 'filled', styles: { input: { cursor: 'default' } } }
    : { readOnly: false, variant: 'default' };
}
