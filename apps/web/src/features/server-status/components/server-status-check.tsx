import { useEffect, useState } from 'react';
import { whenIdle } from '../../../lib/when-idle';
import { useHealthQuery } from '../api/health-query';

/**
 * Runs the start-up status check once the first page is up (it loads the API client and the route table, which the
 * first page no longer needs: docs/decisions/023). It renders nothing: the only visible outcome is the toast raised
 * by the query client when the check fails.
 */
export function ServerStatusCheck() {
  const [isStarted, setStarted] = useState(false);
  useEffect(() => whenIdle(() => setStarted(true)), []);
  useHealthQuery(isStarted);
  return null;
}
