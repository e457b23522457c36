import { Button, ColorInput, Group } from '@mantine/core';
import { hexColorSchema } from '@herald/contract/common/fields';
import type { Service } from '@herald/contract/services/service.schema';
import { useState } from 'react';
import { showToast } from '../../../lib/ui/toast';
import { useUpdateHintColorMutation } from '../api/service-settings-mutations';
import { SettingsSection } from './settings-section';

/** Console hint colour (spec section 3 consoleSettings.hintColor): the top bar takes it. */
export function HintColourSection({
  service,
  canConfigure,
}: {
  service: Service;
  canConfigure: boolean;
}) {
  const saved = service.consoleSettings.hintColor;
  // Seeded once: a background refetch never resets what the user is editing.
  const [colour, setColour] = useState(saved ?? '');
  const mutation = useUpdateHintColorMutation(service.serviceId);
  const isValid = hexColorSchema.safeParse(colour).success;
  const save = (hintColor: string | null) =>
    mutation.mutate(hintColor, {
      onSuccess: () => {
        if (hintColor === null) setColour('');
        showToast({
          variant: 'success',
          message: hintColor === null ? 'Hint colour cleared.' : 'Hint colour saved.',
        });
      },
    });
  return (
    <SettingsSection
      title="Console hint colour"
      description="Colours the top bar of this service, so you can tell your services apart at a glance."
    >
      <ColorInput
        label="Hint colour"
        format="hex"
        placeholder="#1a2b3c"
        value={colour}
        onChange={setColour}
        disabled={!canConfigure}
        error={colour !== '' && !isValid ? 'Enter a colour such as #1a2b3c' : undefined}
        maw={280}
        // Above the field: opened below, the picker covered the Save colour button under it.
        popoverProps={{ position: 'top-start' }}
        eyeDropperButtonProps={{ 'aria-label': 'Pick a colour from the screen' }}
      />
      <Group gap="sm">
        <Button
          onClick={() => save(colour)}
          disabled={!canConfigure || !isValid || colour === saved}
          loading={mutation.isPending && mutation.variables !== null}
        >
          Save colour
        </Button>
        <Button
          variant="default"
          onClick={() => save(null)}
          disabled={!canConfigure || saved === null}
          loading={mutation.isPending && mutation.variables === null}
        >
          Clear colour
        </Button>
      </Group>
    </SettingsSection>
  );
}
