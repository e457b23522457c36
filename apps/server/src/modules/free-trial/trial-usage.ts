import type { UsageMetric } from '@herald/contract/usage/usage.schema';
import type { FastifyInstance } from 'fastify';
import type { ServiceRow } from '../service/service.repository';

/**
 * A counter's increase since the trial started, from the metrics store (database samples or Prometheus): the
 * service's billed messages for the trial's cap, the adapters' for section 9's adapter cap.
 */
export async function trialIncrease(
  app: FastifyInstance,
  row: Pick<ServiceRow, 'id' | 'serviceName' | 'trialStartedAt' | 'createdAt'>,
  metric: Extract<UsageMetric, 'billed_messages_total' | 'adapter_billed_messages_total'>,
  now: Date,
): Promise<number> {
  const started = row.trialStartedAt ?? row.createdAt;
  const from = Math.floor(started.getTime() / 1000);
  const to = Math.max(from + 1, Math.ceil(now.getTime() / 1000));
  const answer = await app.metricsStore.answer({
    serviceId: row.id,
    serviceName: row.serviceName,
    metric,
    queryType: 'increase',
    from,
    to,
    step: 60,
  });
  return typeof answer === 'number' ? Math.round(answer) : 0;
}
