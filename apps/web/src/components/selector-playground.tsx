import {
  Box,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useUncontrolled } from '@mantine/hooks';
import { parseTopicSelector } from '@herald/contract/topics/topic-selector';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { LoadFailed } from './query-states';
import { SelectorSyntaxHelp } from './selector-syntax-help';

/** How long typing must pause before the selector is asked about (issue 10: as you type). */
export const SELECTOR_PLAYGROUND_DEBOUNCE_MS = 250;

export interface SelectorMatchesPage {
  paths: string[];
  hasMore: boolean;
}

export interface SelectorPlaygroundProps {
  /** Scopes the cached answers, e.g. under the service's topic keys so a write refreshes them. */
  queryKey: readonly unknown[];
  /** How many topics a (valid) selector matches. */
  count: (selector: string, signal: AbortSignal) => Promise<number>;
  /** One page of matching paths in path order; the next page starts after the last path. */
  list: (
    selector: string,
    after: string | undefined,
    signal: AbortSignal,
  ) => Promise<SelectorMatchesPage>;
  /** Controlled selector text (optional): the removal dialog reads what was typed. */
  value?: string;
  defaultValue?: string;
  onChange?: (selector: string) => void;
  /** Makes each match a button, e.g. to open the topic. */
  onSelect?: (path: string) => void;
  label?: string;
  /** Under the label: what may be typed. */
  description?: string;
  placeholder?: string;
  /** Shown while the box is empty. */
  emptyHint?: string;
  /**
   * Reads the typed text into the selector to ask about (default: the text is a selector). The topic search passes
   * the contract's parseTopicQuery, so MQTT filters and plain words work there too.
   */
  readQuery?: (text: string) => QueryReading;
  'data-autofocus'?: boolean;
}

/** The selector a typed text stands for (with what it was read as), or why it cannot be asked about. */
export type QueryReading =
  { ok: true; selector: string; readAs?: string } | { ok: false; message: string };

function readSelector(text: string): QueryReading {
  const parsed = parseTopicSelector(text);
  return parsed.ok ? { ok: true, selector: text } : parsed;
}

const countFormat = new Intl.NumberFormat('en-US');

export function matchCountText(count: number): string {
  if (count === 0) return 'No topic matches';
  return count === 1 ? '1 topic matches' : `${countFormat.format(count)} topics match`;
}

/**
 * The selector playground (issue 10, beyond the spec): type any topic selector and see, as you type, whether it
 * parses (the contract's parser, with its message), how many topics it matches and the first matches, with the
 * syntax explained underneath. Knows nothing of where topics come from: the caller passes `count` and `list`, so
 * views, roles and collectors reuse it wherever a selector is entered.
 */
export function SelectorPlayground({
  queryKey,
  count,
  list,
  value,
  defaultValue,
  onChange,
  onSelect,
  label = 'Topic selector',
  description = 'Start with > for a path, ? for a pattern per part, * for a pattern on the whole path, # for a set.',
  placeholder = '>sensors//',
  emptyHint = 'Type a selector to see the topics it matches.',
  readQuery = readSelector,
  'data-autofocus': autoFocus,
}: SelectorPlaygroundProps) {
  const [selector, setSelector] = useUncontrolled({
    value,
    defaultValue,
    finalValue: '',
    onChange,
  });
  const [settled] = useDebouncedValue(selector, SELECTOR_PLAYGROUND_DEBOUNCE_MS);
  const parsed = settled.trim() === '' ? undefined : readQuery(settled);
  const isValid = parsed?.ok === true;
  const asked = parsed?.ok === true ? parsed.selector : '';

  const countQuery = useQuery({
    queryKey: [...queryKey, 'playground-count', asked],
    queryFn: ({ signal }) => count(asked, signal),
    enabled: isValid,
  });
  const matchesQuery = useInfiniteQuery({
    queryKey: [...queryKey, 'playground-matches', asked],
    queryFn: ({ pageParam, signal }) => list(asked, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.paths.at(-1) : undefined),
    enabled: isValid,
  });
  const paths = matchesQuery.data?.pages.flatMap((page) => page.paths) ?? [];
  const error = countQuery.error ?? matchesQuery.error;

  return (
    <Stack gap="sm">
      <TextInput
        label={label}
        description={description}
        placeholder={placeholder}
        value={selector}
        onChange={(event) => setSelector(event.currentTarget.value)}
        error={parsed?.ok === false ? parsed.message : undefined}
        autoComplete="off"
        spellCheck={false}
        data-autofocus={autoFocus}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Box aria-live="polite" aria-busy={countQuery.isFetching || matchesQuery.isFetching}>
        {settled.trim() === '' && (
          <Text size="sm" c="dimmed">
            {emptyHint}
          </Text>
        )}
        {parsed?.ok === true && parsed.readAs !== undefined && (
          <Text size="sm" c="dimmed" data-testid="selector-read-as">
            {parsed.readAs}
          </Text>
        )}
        {isValid && error !== null && (
          <LoadFailed
            title="Could not ask the service"
            error={error}
            onRetry={() => Promise.all([countQuery.refetch(), matchesQuery.refetch()])}
          />
        )}
        {isValid && error === null && (
          <Stack gap={6}>
            {countQuery.data === undefined ? (
              <Box role="status" aria-busy="true">
                <VisuallyHidden>Counting the matching topics</VisuallyHidden>
                <Skeleton height={16} width={160} radius="xl" />
              </Box>
            ) : (
              <Text size="sm" fw={600} data-testid="selector-match-count">
                {matchCountText(countQuery.data)}
              </Text>
            )}
            {matchesQuery.data === undefined ? (
              <Stack gap={6} aria-hidden="true">
                {[70, 55, 62].map((width) => (
                  <Skeleton key={width} height={12} width={`${width}%`} radius="xl" />
                ))}
              </Stack>
            ) : (
              paths.length > 0 && (
                <Box
                  component="ul"
                  aria-label="Matching topics"
                  m={0}
                  p={0}
                  style={{ listStyle: 'none' }}
                >
                  {paths.map((path) => (
                    <li key={path}>
                      {onSelect ? (
                        <UnstyledButton
                          onClick={() => onSelect(path)}
                          fz="sm"
                          ff="monospace"
                          py={2}
                          style={{ overflowWrap: 'anywhere', textDecoration: 'underline' }}
                        >
                          {path}
                        </UnstyledButton>
                      ) : (
                        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                          {path}
                        </Text>
                      )}
                    </li>
                  ))}
                </Box>
              )
            )}
            {matchesQuery.hasNextPage && (
              <Group>
                <Button
                  size="xs"
                  variant="default"
                  loading={matchesQuery.isFetchingNextPage}
                  onClick={() => void matchesQuery.fetchNextPage()}
                >
                  Load more
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Box>
      <SelectorSyntaxHelp onUse={setSelector} />
    </Stack>
  );
}
