import {
  Box,
  Button,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';

/** A field's place: its label as the form will show it, the input in outline. */
function FieldShape({ label, description }: { label: string; description?: boolean }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} c="dimmed">
        {label}
      </Text>
      {description && <Skeleton height={10} width="80%" radius="xl" />}
      <Skeleton height={36} radius="sm" />
    </Stack>
  );
}

/**
 * The create-service form in outline (issue 25, item 23): what a press on "Create service" shows at once, while the
 * form's code and the catalogue (plans, regions, versions) and the proposed name are still coming. Laid out as
 * CreateServiceForm is, so nothing jumps when it arrives; one status region with a spoken label.
 */
export function CreateServiceFormSkeleton({ onCancel }: { onCancel: () => void }) {
  return (
    <Box role="status" aria-busy="true" data-skeleton="create-service-form">
      <VisuallyHidden>Loading plans and regions</VisuallyHidden>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FieldShape label="Service name" description />
          <FieldShape label="Label" description />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FieldShape label="Region" />
          <FieldShape label="Version" />
        </SimpleGrid>
        <Stack gap={6}>
          <Text size="sm" fw={500} c="dimmed">
            Plan
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" mt="xs">
            {[0, 1, 2].map((card) => (
              <Skeleton key={card} height={104} radius="md" />
            ))}
          </SimpleGrid>
        </Stack>
        {[45, 40, 55].map((width) => (
          <Group key={width} gap="sm" wrap="nowrap">
            <Skeleton height={20} width={36} radius="xl" />
            <Skeleton height={12} width={`${width}%`} radius="xl" />
          </Group>
        ))}
        <Skeleton height={64} radius="md" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Skeleton height={36} width={132} radius="sm" />
        </Group>
      </Stack>
    </Box>
  );
}
