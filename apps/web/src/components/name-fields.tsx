import { Group, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/**
 * First and last name, both required, with the browser's autofill hints (sign-up, onboarding
 * details, profile). Side by side in wide forms, stacked in the narrow onboarding card.
 */
export function NameFields({
  firstName,
  lastName,
  sideBySide = true,
}: {
  firstName: GetInputPropsReturnType;
  lastName: GetInputPropsReturnType;
  sideBySide?: boolean;
}) {
  const fields = (
    <>
      <TextInput
        label="First name"
        name="firstName"
        autoComplete="given-name"
        required
        {...firstName}
      />
      <TextInput
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        required
        {...lastName}
      />
    </>
  );
  if (!sideBySide) return fields;
  return (
    <Group grow align="flex-start" gap="sm">
      {fields}
    </Group>
  );
}
