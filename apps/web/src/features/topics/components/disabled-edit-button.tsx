import { Button, Tooltip, type ButtonProps } from '@mantine/core';

/** Why an edit control is off for a User (a User browses; an Admin or Owner edits: issue 10). */
export const CANNOT_EDIT_REASON = 'Only an Admin or Owner of the workspace can change topics.';

/**
 * An edit button shown to a User: disabled, with the reason in a tooltip and announced with the button (a real
 * `disabled` would hide the tooltip from pointer and keyboard users alike).
 */
export function DisabledEditButton({ label, ...buttonProps }: ButtonProps & { label: string }) {
  return (
    <Tooltip label={CANNOT_EDIT_REASON} multiline w={240} withArrow>
      <Button
        {...buttonProps}
        data-disabled
        aria-disabled="true"
        aria-description={CANNOT_EDIT_REASON}
        onClick={(event) => event.preventDefault()}
      >
        {label}
      </Button>
    </Tooltip>
  );
}
