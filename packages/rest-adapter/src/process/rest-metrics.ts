import type { RestEndpointState } from '@herald/contract/rest-adapters/rest-adapter-process';
import type { PollDone } from '../poll/poll-once';

/**
 * The adapter's Prometheus text (docs/decisions/051): polls by outcome, answers by HTTP status class, bytes
 * received, the poll duration histogram, values published, endpoints in backoff and the process's resident memory.
 * Labels carry ids only, never a URL (it may hold a key).
 */
const BUCKETS_S = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface RestMetrics {
  record(done: PollDone): void;
  render(adapterId: string, endpoints: readonly RestEndpointState[], rssBytes: number): string;
}

const escape = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function createRestMetrics(): RestMetrics {
  const polls = new Map<string, number>();
  const statusClasses = new Map<string, number>();
  const buckets = BUCKETS_S.map(() => 0);
  let durationSum = 0;
  let durationCount = 0;
  let bytes = 0;
  let published = 0;
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

  return {
    record({ result, bytesReceived }) {
      add(polls, result.outcome);
      add(statusClasses, result.status === null ? 'none' : `${Math.floor(result.status / 100)}xx`);
      bytes += bytesReceived;
      if (result.published) published += 1;
      const seconds = result.durationMs / 1_000;
      BUCKETS_S.forEach((bound, index) => {
        if (seconds <= bound) buckets[index]! += 1;
      });
      durationSum += seconds;
      durationCount += 1;
    },
    render(adapterId, endpoints, rssBytes) {
      const a = `adapter="${escape(adapterId)}"`;
      const lines: string[] = [];
      const family = (name: string, type: string, help: string) =>
        lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
      family('herald_rest_polls_total', 'counter', 'Polls of the endpoints, by outcome.');
      for (const outcome of ['published', 'unchanged', 'failed']) {
        lines.push(`herald_rest_polls_total{${a},outcome="${outcome}"} ${polls.get(outcome) ?? 0}`);
      }
      family(
        'herald_rest_responses_total',
        'counter',
        'Answers of the APIs by HTTP status class (none: no answer).',
      );
      for (const [statusClass, value] of statusClasses) {
        lines.push(`herald_rest_responses_total{${a},class="${statusClass}"} ${value}`);
      }
      family('herald_rest_response_bytes_total', 'counter', 'Body bytes received from the APIs.');
      lines.push(`herald_rest_response_bytes_total{${a}} ${bytes}`);
      family(
        'herald_rest_poll_duration_seconds',
        'histogram',
        'How long a poll took, request and body.',
      );
      BUCKETS_S.forEach((bound, index) =>
        lines.push(
          `herald_rest_poll_duration_seconds_bucket{${a},le="${bound}"} ${buckets[index]}`,
        ),
      );
      lines.push(
        `herald_rest_poll_duration_seconds_bucket{${a},le="+Inf"} ${durationCount}`,
        `herald_rest_poll_duration_seconds_sum{${a}} ${durationSum}`,
        `herald_rest_poll_duration_seconds_count{${a}} ${durationCount}`,
      );
      family(
        'herald_rest_published_values_total',
        'counter',
        'Values published to topics, acknowledged.',
      );
      lines.push(`herald_rest_published_values_total{${a}} ${published}`);
      family('herald_rest_endpoints', 'gauge', 'Endpoints polled.');
      lines.push(`herald_rest_endpoints{${a}} ${endpoints.length}`);
      family(
        'herald_rest_endpoints_in_backoff',
        'gauge',
        'Endpoints whose last poll failed, waiting longer.',
      );
      lines.push(
        `herald_rest_endpoints_in_backoff{${a}} ${endpoints.filter((e) => e.consecutiveFailures > 0).length}`,
      );
      family('process_resident_memory_bytes', 'gauge', 'Resident memory of the adapter process.');
      lines.push(`process_resident_memory_bytes ${rssBytes}`);
      return `${lines.join('\n')}\n`;
    },
  };
}
