import type {
  RestAdapterProcessConfig,
  RestEndpointState,
  RestPollResult,
  RestPreviewRequest,
  RestProcessApi,
  RestValueType,
} from '@herald/contract/rest-adapters/rest-adapter-process';
import type { RestEndpoint } from '@herald/contract/rest-adapters/rest-api.schema';
import { restEndpointTarget } from '@herald/contract/rest-adapters/rest-endpoint-target';
import { parseValuePointer } from '@herald/contract/rest-adapters/value-pointer';
import type { Logger } from '@herald/runtime/log';
import { BACKOFF_CAP_MS, failureDelayMs } from './backoff';
import type { ConcurrencyLimiter } from './concurrency-limiter';
import { pollOnce, type PollDone, type PollLimits, type PollRequest } from './poll-once';
import { maskedUrl } from './request-plan';
import type { StoredEndpoint } from '../process/state-file';

/**
 * Every endpoint at its own interval (docs/decisions/051): one timer per endpoint, set again when its poll ends
 * (never two polls of one endpoint at once); after a failure of the API the wait grows (backoff.ts); a poll goes
 * through the limiter (fairness between hosts). A failure is logged once per change of cause and its end once; the
 * state each poll leaves is what /state shows and what the state file keeps. "Poll now" polls out of schedule;
 * a preview polls an unsaved endpoint through the same checks and publishes nothing.
 */
export interface Scheduler {
  start(): void;
  stop(): void;
  states(): RestEndpointState[];
  stored(): Record<string, StoredEndpoint>;
  pollNow(apiId: string, endpointId: string): Promise<RestPollResult | null>;
  preview(request: RestPreviewRequest): Promise<RestPollResult>;
}

interface Slot {
  key: string;
  api: RestProcessApi;
  endpoint: RestEndpoint;
  url: string;
  host: string;
  fingerprint: string;
  pointer: PollRequest['pointer'];
  settingsError: string | null;
  memory: StoredEndpoint;
  timer: NodeJS.Timeout | null;
  inFlight: Promise<RestPollResult> | null;
  /** When the poll was due: the next is due an interval later, however long this one waited for a slot. */
  plannedAt: number;
  loggedCause: string | null;
}

export interface SchedulerOptions {
  config: RestAdapterProcessConfig;
  stored: Map<string, StoredEndpoint>;
  limits: PollLimits;
  limiter: ConcurrencyLimiter;
  publish(topicPath: string, type: RestValueType, bytes: Buffer): Promise<void>;
  onPoll(done: PollDone): void;
  changed(): void;
  log: Logger;
  random?: () => number;
}

const pointerOf = (text: string | null): PollRequest['pointer'] => {
  if (text === null || text.trim() === '') return null;
  const parsed = parseValuePointer(text.trim());
  return parsed.ok ? { steps: parsed.steps } : { error: parsed.error };
};

function freshState(apiId: string, endpointId: string, topicPath: string): RestEndpointState {
  return {
    apiId,
    endpointId,
    topicPath,
    lastPollAt: null,
    lastOutcome: null,
    lastStatus: null,
    lastDurationMs: null,
    lastError: null,
    lastValue: null,
    lastValueAt: null,
    consecutiveFailures: 0,
    nextPollAt: null,
  };
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { log, limits, limiter } = options;
  const random = options.random ?? Math.random;
  const slots = new Map<string, Slot>();
  let stopped = false;

  for (const api of options.config.apis) {
    for (const endpoint of api.endpoints) {
      const key = `${api.id}/${endpoint.id}`;
      let url = '';
      let topicPath = '';
      let host = '';
      let settingsError: string | null = null;
      try {
        ({ url, topicPath } = restEndpointTarget({ ...api, endpoint }));
        host = new URL(url).host;
      } catch {
        settingsError = `The base URL of API "${api.label}" is not a URL`;
      }
      const fingerprint = JSON.stringify([url, endpoint.valuePointer, topicPath]);
      const saved = options.stored.get(key);
      const memory: StoredEndpoint =
        saved?.fingerprint === fingerprint
          ? saved
          : {
              fingerprint,
              etag: null,
              lastModified: null,
              hash: null,
              state: freshState(api.id, endpoint.id, topicPath),
            };
      slots.set(key, {
        key,
        api,
        endpoint,
        url,
        host,
        fingerprint,
        pointer: pointerOf(endpoint.valuePointer),
        settingsError,
        memory,
        timer: null,
        inFlight: null,
        plannedAt: 0,
        loggedCause: null,
      });
    }
  }

  function schedule(slot: Slot, delayMs: number) {
    if (stopped) return;
    if (slot.timer !== null) clearTimeout(slot.timer);
    slot.plannedAt = Date.now() + delayMs;
    slot.memory.state.nextPollAt = slot.plannedAt;
    slot.timer = setTimeout(() => {
      slot.timer = null;
      void run(slot, true);
    }, delayMs);
  }

  function remember(slot: Slot, done: PollDone) {
    const { result } = done;
    const state = slot.memory.state;
    state.lastPollAt = result.at;
    state.lastOutcome = result.outcome;
    state.lastStatus = result.status;
    state.lastDurationMs = result.durationMs;
    state.lastError = result.error;
    if (result.published) {
      state.lastValue = result.value;
      state.lastValueAt = result.at;
    }
    state.consecutiveFailures = result.outcome === 'failed' ? state.consecutiveFailures + 1 : 0;
    slot.memory.etag = done.validators.etag;
    slot.memory.lastModified = done.validators.lastModified;
    slot.memory.hash = done.hash;
    const cause = result.error;
    if (cause !== null && cause !== slot.loggedCause) {
      log.warn(cause, { api: slot.api.id, endpoint: slot.endpoint.id });
    } else if (cause === null && slot.loggedCause !== null) {
      log.info(`GET ${maskedUrl(slot.url)} works again.`, {
        api: slot.api.id,
        endpoint: slot.endpoint.id,
      });
    }
    slot.loggedCause = cause;
    options.onPoll(done);
    options.changed();
  }

  function nextDelay(slot: Slot, done: PollDone, scheduled: boolean): number {
    const interval = slot.endpoint.pollIntervalMs;
    if (done.result.outcome !== 'failed' || !done.apiFailure) {
      const from = scheduled ? Math.min(slot.plannedAt, done.result.at) : done.result.at;
      return Math.max(0, from + interval - Date.now());
    }
    return failureDelayMs({
      intervalMs: interval,
      consecutiveFailures: slot.memory.state.consecutiveFailures,
      random: random(),
      retryAfterMs: done.retryAfterMs,
    });
  }

  function run(slot: Slot, scheduled: boolean): Promise<RestPollResult> {
    if (slot.inFlight !== null) return slot.inFlight.then(() => run(slot, scheduled));
    const work = async () => {
      const done = await limiter.run(slot.host, () =>
        pollOnce(
          {
            apiId: slot.api.id,
            endpointId: slot.endpoint.id,
            api: slot.api,
            url: slot.url,
            topicPath: slot.memory.state.topicPath,
            pointer: slot.pointer,
            settingsError: slot.settingsError,
            previous: {
              validators: { etag: slot.memory.etag, lastModified: slot.memory.lastModified },
              hash: slot.memory.hash,
            },
            publish: (type, bytes) => options.publish(slot.memory.state.topicPath, type, bytes),
          },
          limits,
        ),
      );
      remember(slot, done);
      if (scheduled || slot.timer !== null) schedule(slot, nextDelay(slot, done, scheduled));
      return done.result;
    };
    slot.inFlight = work().finally(() => (slot.inFlight = null));
    return slot.inFlight;
  }

  return {
    start() {
      const now = Date.now();
      for (const slot of slots.values()) {
        const planned = slot.memory.state.nextPollAt;
        // A restart keeps a backoff's wait (capped); new endpoints start spread over their first second.
        const delay =
          planned !== null && slot.memory.state.consecutiveFailures > 0
            ? Math.min(Math.max(0, planned - now), BACKOFF_CAP_MS)
            : Math.floor(random() * Math.min(slot.endpoint.pollIntervalMs, 1_000));
        schedule(slot, delay);
      }
    },
    stop() {
      stopped = true;
      for (const slot of slots.values()) if (slot.timer !== null) clearTimeout(slot.timer);
    },
    states: () => [...slots.values()].map((slot) => slot.memory.state),
    stored: () => Object.fromEntries([...slots.values()].map((slot) => [slot.key, slot.memory])),
    async pollNow(apiId, endpointId) {
      const slot = slots.get(`${apiId}/${endpointId}`);
      return slot === undefined ? null : run(slot, false);
    },
    async preview({ api, endpoint }) {
      const { url, topicPath } = restEndpointTarget({ ...api, endpoint });
      const done = await limiter.run(new URL(url).host, () =>
        pollOnce(
          {
            apiId: api.id,
            endpointId: null,
            api,
            url,
            topicPath,
            pointer: pointerOf(endpoint.valuePointer),
            previous: null,
            publish: null,
          },
          limits,
        ),
      );
      return done.result;
    },
  };
}
