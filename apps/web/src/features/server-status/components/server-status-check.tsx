import { useHealthQuery } from '../api/health-query';

/**
 * Runs the start-up status check. It renders nothing: the only visible outcome is the toast
 * raised by the query client when the check fails.
 */
export function ServerStatusCheck() {
  useHealthQuery();
  return null;
}
