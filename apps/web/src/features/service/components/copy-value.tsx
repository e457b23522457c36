import { ActionIcon, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';

/**
 * A labelled value with a copy button (connection details, credentials). A masked value has no
 * copy button: copying the dots would put a useless string on the clipboard.
 */
export function CopyValue({
  label,
  value,
  masked = false,
}: {
  label: string;
  value: string;
  masked?: boolean;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ overflowWrap: 'anywhere' }}>{value}</Code>
        {!masked && (
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  onClick={copy}
                  aria-label={copied ? `${label} copied` : `Copy ${label}`}
                >
                  <CopyIcon copied={copied} />
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        )}
      </Group>
    </div>
  );
}

/** Inline icons: the system fonts here have no glyph for a copy symbol. */
function CopyIcon({ copied }: { copied: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {copied ? (
        <path d="M5 12l5 5L20 7" />
      ) : (
        <>
          <rect x="9" y="9" width="11" height="11" rx="2" />
          <path d="M5 15V5a2 2 0 0 1 2-2h10" />
        </>
      )}
    </svg>
  );
}
