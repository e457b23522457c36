import { Button, Tooltip, type ButtonProps } from '@mantine/core';

/**
 * A control that is off, with the reason in a tooltip and announced with the button (a real `disabled` would hide
 * the reason from pointer and keyboard users alike).
 */
export function RefusedButton({
  label,
  reason,
  ...buttonProps
}: ButtonProps & { label: string; reason: string }) {
  return (
    <Tooltip label={reason} multiline w={260} withArrow>
      <Button
        variant="default"
        {...buttonProps}
        data-disabled
        aria-disabled="true"
        aria-description={reason}
        onClick={(event) => event.preventDefault()}
      >
        {label}
      </Button>
    </Tooltip>
  );
}
