import { Group, NativeSelect, Switch, TextInput } from '@mantine/core';
import type { LogLevel } from '@herald/contract/logs/logs.schema';
import { LOG_SEARCH_MAX_LENGTH } from '@herald/contract/logs/logs.schema';
import { LOG_LEVEL_CHOICES } from '../utils/log-filters';

export interface LogToolbarProps {
  level: LogLevel | null;
  search: string;
  isLive: boolean;
  onLevelChange: (level: LogLevel | null) => void;
  onSearchChange: (search: string) => void;
  onLiveChange: (isLive: boolean) => void;
}

/** What the log shows: the level filter, the text search and the live tail switch. */
export function LogToolbar(props: LogToolbarProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label="Level"
        data={LOG_LEVEL_CHOICES.map((choice) => ({ ...choice }))}
        value={props.level ?? ''}
        onChange={(event) => {
          const value = event.currentTarget.value;
          props.onLevelChange(value === '' ? null : (value as LogLevel));
        }}
        w={{ base: '100%', xs: 200 }}
      />
      <TextInput
        type="search"
        label="Search"
        placeholder="Text in the message or fields"
        value={props.search}
        onChange={(event) => props.onSearchChange(event.currentTarget.value)}
        maxLength={LOG_SEARCH_MAX_LENGTH}
        style={{ flex: '1 1 220px' }}
      />
      <Switch
        label="Live tail"
        checked={props.isLive}
        onChange={(event) => props.onLiveChange(event.currentTarget.checked)}
        mb={8}
      />
    </Group>
  );
}
