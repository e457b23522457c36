import { ActionIcon, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';

/** A labelled value with a copy button (connection details, credentials). */
export function CopyValue({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ overflowWrap: 'anywhere' }}>{value}</Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon
                variant="subtle"
                size="sm"
                onClick={copy}
                aria-label={copied ? `${label} copied` : `Copy ${label}`}
              >
                <span aria-hidden="true">{copied ? '✓' : '⧉'}</span>
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}
