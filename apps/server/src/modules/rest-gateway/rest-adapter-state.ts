import { ERROR_CODES } from '@herald/contract/api/errors';
import {
  REST_ADAPTER_FILE_STEM,
  REST_ADAPTER_PROCESS_PATHS,
  restAdapterProcessStateSchema,
  restPollResultSchema,
} from '@herald/contract/rest-adapters/rest-adapter-process';
import type { RestPollResult } from '@herald/contract/rest-adapters/rest-adapter-process';
import { REST_ADAPTER_MESSAGES } from '@herald/contract/rest-adapters/rest-adapter-rules';
import type { RestAdapterState } from '@herald/contract/rest-adapters/rest-adapter-state';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { callAdapterProcess } from '../service/adapter-process-client';
import type { ServiceRow } from '../service/service.repository';
import { findRestAdapterOfService } from './rest-adapter.repository';
import type { RestAdapterRow } from './rest-adapter.repository';
import { toRestAdapterService } from './rest-adapter.mapper';
import { REST_ADAPTER_KIND_NAME } from './rest-adapter-kind';

/** The process must answer quickly: the screens poll this. */
const STATE_TIMEOUT_MS = 1500;
/** A poll or preview waits for the polled API (the process's own request timeout) and a little more. */
const POLL_TIMEOUT_MS = 45_000;

const processCall = (adapter: RestAdapterRow, path: string) => ({
  fileStem: REST_ADAPTER_FILE_STEM,
  subject: `${REST_ADAPTER_KIND_NAME}:${adapter.id}`,
  path,
});

/** The status words of an adapter: SUSPENDED while deactivated, else its process's as the loop wrote it. */
const statusOf = (adapter: RestAdapterRow) => (adapter.active ? adapter.status : 'SUSPENDED');

/**
 * GET /rest/state: the adapter (none yet: null), its status, and when RUNNING its process's `GET /state`. Anything
 * short of a valid answer reads `running: false` with the status: the screens show the words instead of figures.
 */
export async function readRestAdapterState(
  app: FastifyInstance,
  row: ServiceRow,
): Promise<RestAdapterState> {
  const adapter = await findRestAdapterOfService(app.db, row.id);
  if (!adapter) return { adapter: null, running: false, status: 'STOPPED', endpoints: [] };
  const notRunning = {
    adapter: toRestAdapterService(adapter),
    running: false,
    status: statusOf(adapter),
    endpoints: [],
  };
  if (!adapter.active || adapter.status !== 'RUNNING') return notRunning;
  try {
    const response = await callAdapterProcess(app, row, {
      ...processCall(adapter, REST_ADAPTER_PROCESS_PATHS.state),
      timeoutMs: STATE_TIMEOUT_MS,
    });
    if (!response.ok) throw new Error(`the adapter answered ${response.status}`);
    const state = restAdapterProcessStateSchema.parse(await response.json());
    return { ...notRunning, running: true, endpoints: state.endpoints };
  } catch (error) {
    app.log.warn(
      { err: error, serviceId: row.id, adapterId: adapter.id },
      'REST adapter state unavailable',
    );
    return notRunning;
  }
}

/**
 * POST /poll or /preview of the service's running adapter process: 409 in words when it is not running (or has gone
 * since), 503 when it does not answer with a poll result. The body may hold the API's secrets: it is never logged.
 */
export async function askRunningRestAdapter(
  app: FastifyInstance,
  row: ServiceRow,
  path: string,
  body: unknown,
): Promise<RestPollResult> {
  const adapter = await findRestAdapterOfService(app.db, row.id);
  const status = adapter ? statusOf(adapter) : 'STOPPED';
  const notRunning = () =>
    new HttpError(409, ERROR_CODES.conflict, REST_ADAPTER_MESSAGES.notRunning(status));
  if (!adapter || status !== 'RUNNING') throw notRunning();
  let response: Response;
  try {
    response = await callAdapterProcess(app, row, {
      ...processCall(adapter, path),
      method: 'POST',
      body,
      timeoutMs: POLL_TIMEOUT_MS,
    });
  } catch (error) {
    app.log.warn(
      { err: error, serviceId: row.id, adapterId: adapter.id },
      'REST adapter call failed',
    );
    throw notRunning();
  }
  const parsed = restPollResultSchema.safeParse(await response.json().catch(() => null));
  if (!response.ok || !parsed.success) {
    app.log.warn(
      { serviceId: row.id, adapterId: adapter.id, status: response.status, path },
      'REST adapter answered without a poll result',
    );
    throw new HttpError(503, ERROR_CODES.unavailable, REST_ADAPTER_MESSAGES.noAnswer);
  }
  return parsed.data;
}
