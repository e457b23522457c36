import { Badge, Box, Group, Text } from '@mantine/core';
import type { LogEntry, LogLevel } from '@herald/contract/logs/logs.schema';
import { memo } from 'react';
import { lightBadgeTextColor } from '../../../components/badge-contrast';
import { formatLogFields, formatLogTime, LOG_LEVEL_WORDS } from '../utils/log-format';
import classes from './log-entry-row.module.css';

const LEVEL_COLORS: Record<LogLevel, string> = {
  debug: 'gray',
  info: 'blue',
  warn: 'orange',
  error: 'red',
};

/**
 * One entry: time with date in the user's zone, the level as a word (colour is a second cue), the message and its
 * fields (muted, as `key=value`).
 */
export const LogEntryRow = memo(function LogEntryRow({ entry }: { entry: LogEntry }) {
  const fields = formatLogFields(entry.fields);
  const color = LEVEL_COLORS[entry.level];
  return (
    <Box component="li" py={6} className={classes.row}>
      <Group gap="xs" wrap="wrap" align="baseline">
        <Text
          component="time"
          dateTime={new Date(entry.timestamp).toISOString()}
          size="xs"
          ff="monospace"
          style={{ whiteSpace: 'nowrap' }}
        >
          {formatLogTime(entry.timestamp)}
        </Text>
        <Badge
          size="sm"
          variant="light"
          color={color}
          c={lightBadgeTextColor(color)}
          w={88}
          style={{ flexShrink: 0 }}
        >
          {LOG_LEVEL_WORDS[entry.level]}
        </Badge>
        <Text
          size="sm"
          ff="monospace"
          style={{
            flex: '1 1 320px',
            minWidth: 0,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {entry.message}
        </Text>
      </Group>
      {fields !== '' && (
        <Text size="xs" c="dimmed" ff="monospace" mt={2} style={{ overflowWrap: 'anywhere' }}>
          {fields}
        </Text>
      )}
    </Box>
  );
});
