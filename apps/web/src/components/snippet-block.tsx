import { Box, Button, CopyButton, Group, Text } from '@mantine/core';
import classes from './snippet-block.module.css';

/** A ready-to-run snippet in a code block with a Copy button; `testId` names the code element for end-to-end tests. */
export function SnippetBlock({
  title,
  code,
  testId,
}: {
  title: string;
  code: string;
  testId: string;
}) {
  return (
    <Box role="group" aria-label={title}>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="default" onClick={copy} aria-label={`Copy ${title}`}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Box
        component="pre"
        // Long lines scroll sideways: keyboard users must be able to reach the scroll (axe).
        tabIndex={0}
        className={classes.code}
      >
        <code data-testid={testId}>{code}</code>
      </Box>
    </Box>
  );
}
