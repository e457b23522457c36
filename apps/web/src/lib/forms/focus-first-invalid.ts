import type { FormErrors } from '@mantine/form';
import type { SyntheticEvent } from 'react';

/**
 * The validation-failure handler of a form's `onSubmit` (issue 25 item 19): a submit that fails validation takes the
 * person to the first field to fix, in the form's order, so the keyboard is there and a screen reader reads the
 * field with its message (Mantine links the message by aria-describedby). The messages render in the same update;
 * the field is focused once they are on the page.
 */
export function focusFirstInvalidField(
  _errors: FormErrors,
  _values: unknown,
  event: SyntheticEvent<HTMLFormElement> | undefined,
): void {
  const form = event?.currentTarget;
  if (!form) return;
  requestAnimationFrame(() => {
    form
      .querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"]')
      ?.focus();
  });
}
