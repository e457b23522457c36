import { Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { LogLevel } from '@herald/contract/logs/logs.schema';
import { useState } from 'react';
import { logSourceKey, type LogViewSource } from '../api/log-source';
import { LIVE_TAIL_INTERVAL_MS } from '../hooks/use-log-view';
import { LogResults } from './log-results';
import { LogToolbar } from './log-toolbar';

/** Typing settles this long before the search is sent. */
export const LOG_SEARCH_DEBOUNCE_MS = 300;

export interface LogViewProps {
  source: LogViewSource;
  serviceName: string;
  title: string;
}

/**
 * One log of any kind (spec section 2 "Logs screens"): the toolbar, then the results. The results remount for each
 * source, filter or retry, so each starts as a first fetch that replaces the list (section 4).
 */
export function LogView({ source, serviceName, title }: LogViewProps) {
  const [level, setLevel] = useState<LogLevel | null>(null);
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), LOG_SEARCH_DEBOUNCE_MS);
  const [isLive, setIsLive] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const handleClearFilters = () => {
    setLevel(null);
    setSearchInput('');
  };
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {title}
      </Title>
      <LogToolbar
        level={level}
        search={searchInput}
        isLive={isLive}
        onLevelChange={setLevel}
        onSearchChange={setSearchInput}
        onLiveChange={setIsLive}
      />
      {isLive && (
        <Text size="xs" c="dimmed">
          Live tail is on: newer entries appear at the top every {LIVE_TAIL_INTERVAL_MS / 1000}{' '}
          seconds.
        </Text>
      )}
      <LogResults
        key={`${logSourceKey(source)}|${level ?? ''}|${search}|${attempt}`}
        source={source}
        serviceName={serviceName}
        filters={{ level, search }}
        isLive={isLive}
        onRetry={() => setAttempt((count) => count + 1)}
        onClearFilters={handleClearFilters}
      />
    </Stack>
  );
}
