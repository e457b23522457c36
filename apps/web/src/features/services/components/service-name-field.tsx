import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { ServiceNameCheckState } from '../hooks/use-service-name-check';
import { SUCCESS_TEXT } from '../../../components/success-colour';

export interface ServiceNameFieldProps {
  inputProps: TextInputProps;
  check: ServiceNameCheckState;
}

/**
 * The service name with the server's live verdict (spec section 5): the reason as the field's
 * error, a small "Available" hint when valid. A form or server error on the field comes first.
 */
export function ServiceNameField({ inputProps, check }: ServiceNameFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  // The field mounts after the dialog opened (its content is a lazy chunk waiting on the catalogue), when the focus
  // trap has already put the focus on the close button: move it here once, on mount.
  useEffect(() => inputRef.current?.focus(), []);
  const { verdict, isChecking } = check;
  const checkError =
    verdict !== null && !verdict.valid ? (verdict.reason ?? 'This name cannot be used') : undefined;
  const hint = isChecking ? 'Checking…' : verdict?.valid === true ? 'Available' : undefined;
  return (
    <TextInput
      label="Service name"
      // The dialog's first question: Mantine's focus trap starts here, not on the close button.
      data-autofocus
      required
      withAsterisk={false}
      autoComplete="off"
      spellCheck={false}
      description="Lower-case letters, digits and hyphens; it becomes part of the host name."
      {...inputProps}
      ref={inputRef}
      error={inputProps.error ?? checkError}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
      rightSectionWidth={90}
      rightSection={
        hint === undefined ? undefined : (
          <Text
            span
            size="xs"
            c={hint === 'Available' ? SUCCESS_TEXT : 'dimmed'}
            aria-live="polite"
          >
            {hint}
          </Text>
        )
      }
    />
  );
}
