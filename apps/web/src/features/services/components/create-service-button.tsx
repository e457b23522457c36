import { Button, Tooltip, type ButtonProps } from '@mantine/core';

/** Why the create buttons are disabled for a User (spec section 6: create-service). */
export const CREATE_SERVICE_DENIED = 'Only an Admin or the Owner can create services.';

export interface CreateServiceButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  label: string;
  canCreateService: boolean;
  onClick: () => void;
  /** Pointed at or focused: about to be pressed (the dialog's code is fetched then, if not yet). */
  onIntent?: () => void;
  /** The feature tour's target (spec section 2: first-service and create-service buttons). */
  tourTarget: string;
}

/**
 * A button opening the create-service dialog. Without permission it stays focusable but
 * aria-disabled, so the tooltip saying why can be reached by pointer and keyboard alike.
 */
export function CreateServiceButton({
  label,
  canCreateService,
  onClick,
  onIntent,
  tourTarget,
  ...buttonProps
}: CreateServiceButtonProps) {
  if (canCreateService) {
    return (
      <Button
        {...buttonProps}
        data-tour={tourTarget}
        onClick={onClick}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        {label}
      </Button>
    );
  }
  return (
    <Tooltip label={CREATE_SERVICE_DENIED} multiline w={240}>
      <Button
        {...buttonProps}
        data-tour={tourTarget}
        data-disabled
        aria-disabled="true"
        aria-description={CREATE_SERVICE_DENIED}
        onClick={(event) => event.preventDefault()}
      >
        {label}
      </Button>
    </Tooltip>
  );
}
