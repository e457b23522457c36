import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { CANNOT_CHANGE_SECURITY_REASON } from './security-write-words';

/**
 * A write control shown to a User: disabled, with the reason in a tooltip and announced with the button (a real
 * `disabled` would hide the tooltip from pointer and keyboard users alike), as the topic browser does.
 */
export function DisabledWriteButton({ label, ...buttonProps }: ButtonProps & { label: string }) {
  return (
    <Tooltip label={CANNOT_CHANGE_SECURITY_REASON} multiline w={240} withArrow>
      <Button
        {...buttonProps}
        data-disabled
        aria-disabled="true"
        aria-description={CANNOT_CHANGE_SECURITY_REASON}
        onClick={(event) => event.preventDefault()}
      >
        {label}
      </Button>
    </Tooltip>
  );
}
