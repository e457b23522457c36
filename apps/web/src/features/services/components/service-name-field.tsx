import { Text, TextInput, type TextInputProps } from '@mantine/core';
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
  const { verdict, isChecking } = check;
  const checkError =
    verdict !== null && !verdict.valid ? (verdict.reason ?? 'This name cannot be used') : undefined;
  const hint = isChecking ? 'Checking…' : verdict?.valid === true ? 'Available' : undefined;
  return (
    <TextInput
      label="Service name"
      required
      withAsterisk={false}
      autoComplete="off"
      spellCheck={false}
      description="Lower-case letters, digits and hyphens; it becomes part of the host name."
      {...inputProps}
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
