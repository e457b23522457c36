import type { LogLevel, LogsQuery } from '@herald/contract/logs/logs.schema';

/** What a reader picks in the toolbar; `level` is the least severe level shown, null for all. */
export interface LogFilters {
  level: LogLevel | null;
  search: string;
}

export const NO_LOG_FILTERS: LogFilters = { level: null, search: '' };

/** The level filter's choices, most to least inclusive (the value is the query's `level`, '' for all). */
export const LOG_LEVEL_CHOICES = [
  { value: '', label: 'All' },
  { value: 'info', label: 'Info and above' },
  { value: 'warn', label: 'Warnings and errors' },
  { value: 'error', label: 'Errors only' },
] as const satisfies readonly { value: LogLevel | ''; label: string }[];

export function hasLogFilters(filters: LogFilters): boolean {
  return filters.level !== null || filters.search.trim() !== '';
}

/** The filters as query parameters; an empty search is left out. */
export function logFilterQuery(filters: LogFilters): Pick<LogsQuery, 'level' | 'search'> {
  const search = filters.search.trim();
  return {
    ...(filters.level !== null && { level: filters.level }),
    ...(search !== '' && { search }),
  };
}
